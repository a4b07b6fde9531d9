/**
 * blade-desk/process/leave: the desk's leave form. start-process writes the request (through the design side's
 * leave resource, so the form's field rules answer) and starts the leave process on it (businessTable/businessId);
 * detail answers a request with its process to whoever may read that process.
 */
import { and, eq } from 'drizzle-orm'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { processLeave, wfInstance } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { forbidden, notFound } from '../../lib/errors.ts'
import { looseBody } from '../../lib/resource-actions.ts'
import { defineResource } from '../../lib/resource.ts'
import { first } from '../../lib/rows.ts'
import { now } from '../../lib/time.ts'
import { overTransaction } from '../../lib/transaction.ts'
import { leaveResource } from './design/leave.ts'
import { instanceDetail, mayRead } from './engine/lists.ts'
import { LEAVE_KEY } from './engine/leave-sample.ts'
import { startProcess } from './engine/operations.ts'
import { schoolUser } from './engine/store.ts'

const BUSINESS_TABLE = 'blade_process_leave'
const DAY = 24 * 3600 * 1000

/** Days of leave the dates cover, counting both ends, when the form sends none. */
function daysBetween(start: unknown, end: unknown): number | undefined {
  const a = Date.parse(String(start ?? '').slice(0, 10))
  const b = Date.parse(String(end ?? '').slice(0, 10))
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return undefined
  return Math.round((b - a) / DAY) + 1
}

async function startLeave(ctx: Ctx, body: Record<string, unknown>) {
  const taskUser = await schoolUser(ctx, body.taskUser === undefined ? undefined : String(body.taskUser), 'taskUser')
  const request = {
    startTime: body.startTime,
    endTime: body.endTime,
    days: body.days ?? daysBetween(body.startTime, body.endTime),
    reason: body.reason,
    taskUser,
    processDefinitionId: body.processDefinitionId,
    applyTime: now(),
  }
  // Checked first (the field-named 400 before any engine work); written in the start's own transaction, so a
  // request never exists without its process, nor a process without its request.
  const checked = leaveResource.ops.check(request)
  let row: Record<string, unknown> | undefined
  const started = await startProcess(ctx, {
    ...(typeof body.processDefinitionId === 'string' && body.processDefinitionId
      ? { processDefinitionId: body.processDefinitionId }
      : { processDefinitionKey: LEAVE_KEY }),
    businessTable: BUSINESS_TABLE,
    variables: {
      days: checked.days,
      taskUser,
      reason: checked.reason,
      startTime: checked.startTime,
      endTime: checked.endTime,
    },
    within: async (tx, s) => {
      row = await leaveResource.ops.submit(overTransaction(ctx, tx), {
        ...request,
        processInstanceId: s.processInstanceId,
        processDefinitionId: s.processDefinitionId,
      })
      await tx
        .update(wfInstance)
        .set({ businessId: String(row.id) })
        .where(eq(wfInstance.id, s.processInstanceId))
    },
  })
  return { ...row, ...started, businessId: row!.id }
}

async function leaveDetail(ctx: Ctx, businessId: string | undefined) {
  const row = businessId
    ? await first(
        ctx.db
          .select()
          .from(processLeave)
          .where(
            and(
              eq(processLeave.id, businessId),
              tenantRows(processLeave, ctx.actor.tenantId, {
                why: 'a leave request is read by whoever may read its process (checked below)',
              }),
            ),
          ),
      )
    : undefined
  if (!row) throw notFound()
  const inst = row.processInstanceId
    ? await first(
        ctx.db
          .select({ id: wfInstance.id, initiator: wfInstance.initiator })
          .from(wfInstance)
          .where(eq(wfInstance.id, row.processInstanceId)),
      )
    : undefined
  if (!inst) {
    if (row.createUser !== ctx.actor.userId) throw forbidden()
    return { ...row, flow: null }
  }
  if (!(await mayRead(ctx, inst.id, inst.initiator))) throw forbidden()
  const d = await instanceDetail(ctx, inst.id)
  return { ...row, process: d.process, tasks: d.tasks, history: d.history, flow: d.flow }
}

export const deskLeaveResource = defineResource({
  table: processLeave,
  path: '/api/blade-desk/process/leave',
  code: 'work:start',
  skip: ['list', 'page', 'detail', 'submit', 'remove'],
  actions: {
    'start-process': {
      button: 'work:start',
      body: looseBody('processDefinitionId', 'taskUser', 'startTime', 'endTime', 'days', 'reason'),
      run: (ctx, { body }) => startLeave(ctx, body),
    },
    detail: {
      method: 'GET',
      button: ['work:start', 'work:todo', 'work:claim', 'work:send', 'work:done', 'work:copy'],
      body: looseBody('businessId'),
      run: (ctx, { query }) => leaveDetail(ctx, query.businessId),
    },
  },
})
