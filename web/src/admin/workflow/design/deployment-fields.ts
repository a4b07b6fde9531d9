import { wfDeploymentFields } from '../../../../../db/fields/workflow'
import { screenFields } from '../../../shared/resource/fields'
import { L } from '../../system/fields'

/** A deployed version's columns, the same on the design screen and the classic flow's definitions (one table). */
export const deploymentScreenFields = () =>
  screenFields(wfDeploymentFields, {
    name: { search: true },
    processKey: { search: true, width: 160 },
    version: { width: 80 },
    categoryName: { label: L('流程分类', 'Category'), width: 140 },
    mainVersion: { width: 90 },
    status: { width: 90 },
    deployTime: { width: 170 },
  })
