import { wfCondition } from '../../../../db/schema/workflow.ts'
import { wfConditionFields } from '../../../../db/fields/workflow.ts'
import { defineResource } from '../../../lib/resource.ts'
import { byType } from './by-type.ts'

/**
 * Reusable expressions (blade-workflow/design/condition): flow conditions and assignee expressions the modeller
 * offers by name. `listType` answers them grouped by type for the modeller's picker.
 */
export const conditionResource = defineResource({
  table: wfCondition,
  path: '/api/blade-workflow/design/condition',
  code: 'workflow:design:condition',
  search: ['name', 'expression'],
  filters: ['type'],
  fields: wfConditionFields,
  actions: {
    listType: {
      method: 'GET',
      button: 'workflow:design:condition',
      also: ['workflow:design:model'],
      run: async (ctx): Promise<unknown> => byType(ctx, 'wf_condition_type', await conditionResource.ops.all(ctx)),
    },
  },
})
