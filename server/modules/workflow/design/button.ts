import { wfButton } from '../../../../db/schema/workflow.ts'
import { wfButtonFields } from '../../../../db/fields/workflow.ts'
import { defineResource } from '../../../lib/resource.ts'

/** The buttons a task form may show (blade-workflow/design/button): approve, reject, transfer, delegate, … */
export const buttonResource = defineResource({
  table: wfButton,
  path: '/api/blade-workflow/design/button',
  code: 'workflow:design:button',
  search: ['name', 'buttonKey'],
  filters: ['status', 'display'],
  fields: wfButtonFields,
  unique: ['buttonKey'],
})
