import { wfCategory } from '../../../../db/schema/workflow.ts'
import { wfCategoryFields } from '../../../../db/fields/workflow.ts'
import { defineResource } from '../../../lib/resource.ts'
import { buildTree } from '../../../lib/tree.ts'

type Row = typeof wfCategory.$inferSelect

/**
 * Process categories (blade-workflow/design/category): a tree. `tree` is the pickers' nodes (generated); `allTree`
 * is every category of the school whole, nested, as the category screen and the start screen group by it. The
 * model, form and deployment screens pick a category, so their holders read the tree too.
 */
export const categoryResource = defineResource({
  table: wfCategory,
  path: '/api/blade-workflow/design/category',
  code: 'workflow:design:category',
  search: ['name'],
  fields: wfCategoryFields,
  tree: {
    title: 'name',
    node: ['sort'],
    readers: ['workflow:design:model', 'workflow:design:form', 'workflow:design:deployment', 'work:start'],
  },
  actions: {
    allTree: {
      method: 'GET',
      button: 'workflow:design:category',
      also: ['work'],
      run: async (ctx): Promise<unknown> => buildTree((await categoryResource.ops.all(ctx)) as Row[]),
    },
  },
})
