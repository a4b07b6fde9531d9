import { wfCategoryFields } from '../../../../../db/fields/workflow'
import { screenFields } from '../../../shared/resource/fields'
import ResourcePage from '../../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../../shared/resource/schema'
import { L } from '../../system/fields'
import { DESIGN } from '../api'

/** Process categories (design/category): a tree that groups models, deployments and the start page. */
export default function Categories() {
  const screen: ResourceScreen = {
    base: `${DESIGN}/category`,
    perm: 'workflow:design:category',
    title: L('流程分类', 'Categories'),
    listPath: 'allTree',
    tree: true,
    invalidates: [`${DESIGN}/model`, `${DESIGN}/deployment`],
    fields: screenFields(wfCategoryFields, {
      name: { search: true },
      parentId: { list: false },
      sort: { width: 90 },
      remark: { list: false, span: 24 },
    }),
  }
  return <ResourcePage screen={screen} />
}
