import { processLeave } from '../../../../db/schema/workflow.ts'
import { processLeaveFields } from '../../../../db/fields/workflow.ts'
import { badRequest } from '../../../lib/errors.ts'
import { defineResource } from '../../../lib/resource.ts'
import './messages.ts'

/**
 * The leave sample's requests (blade-workflow/design/process/leave): the business rows behind the leave process.
 * Staff see the requests they made (the `work:start` data scope, reference data); a school's administrator sees
 * all. Starting one is blade-desk/process/leave/start-process (server/modules/workflow/leave.ts).
 */
export const leaveResource = defineResource({
  table: processLeave,
  path: '/api/blade-workflow/design/process/leave',
  code: 'work:start',
  perms: { add: 'work:start', edit: 'work:start', remove: 'work:start' },
  search: ['reason'],
  filters: ['processInstanceId', 'processDefinitionId'],
  dates: ['startTime', 'endTime'],
  fields: processLeaveFields,
  beforeWrite: (_ctx, w) => {
    if (w.op === 'remove') return
    const start = w.values.startTime ?? w.before[0]?.startTime
    const end = w.values.endTime ?? w.before[0]?.endTime
    if (start && end && String(end) < String(start)) throw badRequest('workflow.design.endBeforeStart', {}, 'endTime')
  },
})
