/**
 * Durable timers (issue #28): the jobs that fire what timer-jobs.ts scheduled. An instance is stopped between
 * operations, so nothing of the engine waits on a clock; the job, due when the timer is, loads the instance,
 * recovers the engine, fires that one timer and commits the turn with the version check, like any operation.
 *
 * - Interrupting boundary timer (a deadline): the task it is attached to ends (cancelled, action `timeout`) and the
 *   process follows the timer's flow.
 * - Non-interrupting boundary timer (a reminder): the task stays; its assignees are urged through the message bell,
 *   in the same transaction (action `remind` in the history).
 * - Intermediate timer catch event: the process moves on.
 * - Flowable's dueDate on a user task: when it passes and the task is still open, its assignee is urged once
 *   (action `overdue`).
 *
 * Exactly once: a job runs under a lease and its effect commits with the instance's version check, so a second run
 * (the job retried after a crash between the commit and the job's end, a restart, a second process) finds the
 * timer no longer waiting and does nothing; so does a timer whose task was completed first, or an instance that
 * ended. A timer due while the appliance was down is a queued job already due: the first runner to start fires it.
 */
import { and, eq } from 'drizzle-orm'
import { wfHistory, wfTask } from '../../../../db/schema/index.ts'
import type { Services } from '../../../lib/context.ts'
import { makeCtx, systemActor, type Ctx } from '../../../lib/context.ts'
import type { Db } from '../../../lib/db.ts'
import { ApiError } from '../../../lib/errors.ts'
import { defineJob, enqueue } from '../../../lib/jobs.ts'
import { defineMessages, t as tr } from '../../../lib/messages.ts'
import { first } from '../../../lib/rows.ts'
import { lockRows } from '../../../lib/row-lock.ts'
import { withTransaction, type Tx } from '../../../lib/transaction.ts'
import { sendMessage } from '../../message/send.ts'
import { turn } from './runtime.ts'
import { commit, loadInstance, loadTask, writeHistory, type InstanceRow, type TaskRow } from './store.ts'
import { DUE_JOB, TIMER_JOB, type TimerPayload } from './timer-jobs.ts'

defineMessages({
  'workflow.remindTitle': { zh: '待办提醒：{name}', en: 'Reminder: {name}' },
  'workflow.remindContent': {
    zh: '“{name}”中的任务“{task}”已到提醒时间，请尽快处理。',
    en: 'The task "{task}" of "{name}" is waiting for you.',
  },
  'workflow.overdueContent': {
    zh: '“{name}”中的任务“{task}”已超过办理期限（{due}），请尽快处理。',
    en: 'The task "{task}" of "{name}" was due at {due}.',
  },
})

/** A suspended instance's timer waits: its job looks again this much later (activation does not move timers). */
const SUSPENDED_RECHECK_MS = 60_000
/** Tries of one firing that lost the version check to an operation at the same moment, before the job retries. */
const TRIES = 5

/** Where the jobs find the database (set by main.ts, and by the tests that start a runner). */
let services: Pick<Services, 'db'> | null = null
export const useWorkflowTimers = (s: Pick<Services, 'db'>) => {
  services = s
}
function db(): Db {
  if (!services) throw new Error('workflow timer services not set')
  return services.db
}

/** What a job did: fired; nothing (`gone`: completed first, rolled back past, ended); looks again `later`. */
export type Fired = 'fired' | 'gone' | 'later'

const stale = (err: unknown) => err instanceof ApiError && err.status === 409
const missing = (err: unknown) => {
  if (err instanceof ApiError && err.status === 404) return undefined
  throw err
}

/** Urges the assignees of `tasks` through the message bell, inside `tx`; a task without one has nobody to urge. */
async function urge(
  tx: Tx,
  inst: InstanceRow,
  tasks: TaskRow[],
  key: string,
  params: (task: TaskRow) => Record<string, string>,
) {
  const ctx: Ctx = makeCtx(tx, systemActor(inst.tenantId))
  for (const task of tasks.filter((x) => x.assignee))
    try {
      await sendMessage(ctx, {
        type: 1,
        title: tr(ctx.lang, 'workflow.remindTitle', { name: inst.name }).slice(0, 100),
        content: tr(ctx.lang, key, { name: inst.name, task: task.name, ...params(task) }),
        receivers: task.assignee,
      })
    } catch (err) {
      // The assignee left the school (disabled): the reminder has nobody to reach; the timer still counts as fired.
      if (!(err instanceof ApiError && err.key === 'message.noRecipients')) throw err
    }
}

/** Fires one timer of an instance (the TIMER_JOB's work). */
export async function fireTimer(database: Db, tenantId: string, p: TimerPayload): Promise<Fired> {
  for (let attempt = 1; ; attempt++) {
    const ctx = makeCtx(database, systemActor(tenantId))
    const l = await loadInstance(ctx, p.instanceId).catch(missing)
    if (!l || l.inst.status === 'finished' || l.inst.status === 'terminated') return 'gone'
    if (l.inst.status === 'suspended') {
      await enqueue(
        database,
        TIMER_JOB,
        { ...p },
        { tenantId, ref: p.instanceId, runAfter: Date.now() + SUSPENDED_RECHECK_MS },
      )
      return 'later'
    }
    let fired = false
    const t = await turn(l.dep.id, l.dep.xml, l.inst.state, l.vars, (d) => {
      fired = d.fire(p.timerId)
    })
    if (!fired) return 'gone'
    const node = t.graph.nodes.get(p.activityId)
    const attachedTo = (node?.behaviour.attachedTo as { id?: string } | undefined)?.id
    const reminder = Boolean(attachedTo) && node?.behaviour.cancelActivity === false
    const reminded = reminder ? l.open.filter((o) => o.taskKey === attachedTo) : []
    try {
      await commit(ctx, l, t, {
        leftAction: 'timeout',
        history: [
          {
            activityId: p.activityId,
            activityName: node?.name ?? null,
            activityType: 'action',
            action: reminder ? 'remind' : 'timeout',
          },
          ...reminded.map((o) => ({
            activityId: o.taskKey,
            activityName: o.name,
            activityType: 'action',
            taskId: o.id,
            action: 'remind',
          })),
        ],
        within: (tx) => urge(tx, l.inst, reminded, 'workflow.remindContent', () => ({})),
      })
      return 'fired'
    } catch (err) {
      // An operation moved the instance while this turn ran: load it again and look whether the timer still waits.
      if (stale(err) && attempt < TRIES) continue
      throw err
    }
  }
}

/** Urges a task's assignee once when its Flowable dueDate passed and it is still open (the DUE_JOB's work). */
export async function remindOverdue(database: Db, tenantId: string, taskId: string): Promise<Fired> {
  const ctx = makeCtx(database, systemActor(tenantId))
  const task = await loadTask(ctx, taskId).catch(missing)
  if (!task || task.status !== 'todo') return 'gone'
  const l = await loadInstance(ctx, task.instanceId)
  if (l.inst.status === 'suspended' || task.suspended) {
    await enqueue(database, DUE_JOB, { taskId }, { tenantId, ref: taskId, runAfter: Date.now() + SUSPENDED_RECHECK_MS })
    return 'later'
  }
  if (l.inst.status !== 'running') return 'gone'
  return withTransaction(database, async (tx) => {
    // The task row held: a second run of this job (after a crash, or a lease lost) waits here and then sees the row
    // the first one wrote. The instance's version is left alone: a reminder must not make an approver's 409.
    await lockRows(tx, wfTask, eq(wfTask.id, taskId))
    const open = await first(
      tx
        .select()
        .from(wfTask)
        .where(and(eq(wfTask.id, taskId), eq(wfTask.status, 'todo'))),
    )
    const done = await first(
      tx
        .select({ id: wfHistory.id })
        .from(wfHistory)
        .where(and(eq(wfHistory.taskId, taskId), eq(wfHistory.action, 'overdue'))),
    )
    if (!open || done) return 'gone' as const
    await urge(tx, l.inst, [open], 'workflow.overdueContent', (x) => ({ due: x.dueTime ?? '' }))
    await writeHistory(tx, l.inst, [
      {
        activityId: open.taskKey,
        activityName: open.name,
        activityType: 'action',
        taskId: open.id,
        action: 'overdue',
        comment: open.dueTime,
      },
    ])
    return 'fired' as const
  })
}

defineJob<TimerPayload>(TIMER_JOB, async (job) => void (await fireTimer(db(), job.tenantId, job.payload)), {
  concurrency: 2,
  backoffMs: 1000,
})
defineJob<{ taskId: string }>(
  DUE_JOB,
  async (job) => void (await remindOverdue(db(), job.tenantId, job.payload.taskId)),
  {
    backoffMs: 1000,
  },
)
