import { processLeaveFields } from '../../../../../db/fields/workflow'
import { screenFields } from '../../../shared/resource/fields'
import { L } from '../../system/fields'

/** The leave request as the form edits it (the approver is picked beside it). */
export const leaveFormFields = screenFields(processLeaveFields, {
  startTime: {},
  endTime: {},
  days: {},
  reason: { span: 24 },
})

/** The leave request as its handling and detail pages show it. */
export const leaveViewFields = screenFields(processLeaveFields, {
  startTime: {},
  endTime: {},
  days: {},
  reason: {},
  applyTime: { label: L('申请时间', 'Applied'), type: 'datetime' },
})
