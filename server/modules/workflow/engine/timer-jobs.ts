/**
 * Scheduling side of the durable timers (timers.ts runs them): which timer definitions a deployment may hold, a
 * Flowable dueDate turned into a time, and the jobs a saved turn enqueues — in the transaction that saves it, so a
 * timer's job exists exactly when the state that waits on it was committed. Kept apart from timers.ts because the
 * store enqueues and timers.ts loads and commits through the store.
 */
import { getDate, ISOInterval } from '@0dep/piso'
import { badRequest } from '../../../lib/errors.ts'
import { enqueue } from '../../../lib/jobs.ts'
import { defineMessages } from '../../../lib/messages.ts'
import type { Tx } from '../../../lib/transaction.ts'
import type { Graph } from './definitions.ts'
import { checkSyntax, ExpressionError } from './expressions.ts'
import type { TimerWait } from './runtime.ts'

defineMessages({
  'workflow.timerPlace': {
    zh: '定时事件 {id} 只能用在用户任务或子流程的边界事件，以及中间捕获事件上',
    en: 'timer {id}: timers run on boundary events of user tasks or sub-processes and on intermediate catch events only',
  },
  'workflow.timerCycle': {
    zh: '定时事件 {id}：循环（timeCycle）只用于不中断的边界事件（重复提醒），请改用 timeDuration 或 timeDate',
    en: 'timer {id}: cycles (timeCycle) repeat non-interrupting boundary events (reminders) only; use timeDuration or timeDate',
  },
  'workflow.timerValue': {
    zh: '定时事件 {id} 须且只能设置 timeDuration、timeDate 或 timeCycle 之一',
    en: 'timer {id}: give exactly one of timeDuration, timeDate and timeCycle',
  },
  'workflow.timerBad': {
    zh: '定时事件 {id} 的时间“{value}”不是 ISO 8601 格式（如 PT2H、P1D、2026-12-01T08:00，循环如 R3/PT1H）',
    en: 'timer {id}: "{value}" is not an ISO 8601 time (such as PT2H, P1D, 2026-12-01T08:00; a cycle such as R3/PT1H)',
  },
})

/** Fires one engine timer of an instance (payload TimerPayload). */
export const TIMER_JOB = 'workflow.timer'
/** Reminds the assignee of a task whose Flowable dueDate passed (payload { taskId }). */
export const DUE_JOB = 'workflow.task-due'

export interface TimerPayload {
  instanceId: string
  /** The timer's execution id (TimerWait.executionId). */
  timerId: string
  activityId: string
  due: number
}

/** One job per timer the turn set, due when the timer is; enqueued on the saving transaction. */
export async function armTimers(tx: Tx, inst: { id: string; tenantId: string }, armed: TimerWait[]) {
  for (const w of armed) {
    const payload: TimerPayload = { instanceId: inst.id, timerId: w.executionId, activityId: w.activityId, due: w.due }
    await enqueue(
      tx,
      TIMER_JOB,
      { ...payload },
      { tenantId: inst.tenantId, ref: inst.id, runAfter: w.due, maxAttempts: 5 },
    )
  }
}

/** The reminder of a new task with a due time, due then. */
export async function armDue(tx: Tx, task: { id?: string; tenantId?: string; dueTime?: string | null }) {
  const due = task.dueTime ? dueAt(task.dueTime, new Date()) : undefined
  if (!due || !task.id) return
  await enqueue(tx, DUE_JOB, { taskId: task.id }, { tenantId: task.tenantId, ref: task.id, runAfter: due.getTime() })
}

const DURATION = /^P/i
/** What each timer value looks like: a duration, a date (anything else that parses), a repeating interval. */
const SHAPES = { timeDuration: DURATION, timeDate: /^[^PR]/i, timeCycle: /^R\d*\// }

/**
 * A Flowable dueDate (or a timer's value) as a time: an ISO 8601 duration counts from `from` (P1D, PT2H), a date
 * is taken as it is (2026-12-01T08:00, or the stored "yyyy-MM-dd HH:mm:ss", local unless it names a zone).
 */
export function dueAt(value: string, from: Date): Date | undefined {
  const v = value.trim()
  if (!v) return undefined
  try {
    const d =
      DURATION.test(v) || SHAPES.timeCycle.test(v)
        ? new ISOInterval(v).parse().getExpireAt(from, from)
        : getDate(v.replace(' ', 'T'))
    return Number.isNaN(d.getTime()) ? undefined : d
  } catch {
    return undefined
  }
}

const refuse = (key: string, params: Record<string, string>) =>
  badRequest(`workflow.${key}`, { ...params, field: 'xml' }, 'xml')

const textOf = (v: unknown) =>
  typeof v === 'string' ? v : typeof (v as { body?: unknown })?.body === 'string' ? (v as { body: string }).body : ''

/**
 * The timers a deployment may hold are the ones that run: on a boundary event of a user task or sub-process
 * (interrupting: a deadline; non-interrupting: a reminder, which may repeat with a timeCycle — each repetition is
 * the engine's next timer, armed as its own job by the turn that fired the last) and on an intermediate catch event,
 * with one timeDuration or timeDate (or a `${…}` giving one). Timer start events have nothing that would run them
 * here, a cycle anywhere else would fire once, and a value that does not parse would fail only when the timer
 * starts: all are refused with a 400 naming `xml`.
 */
export function checkTimers(graph: Graph): void {
  for (const n of graph.nodes.values()) {
    const defs = (n.behaviour.eventDefinitions as { type?: string; behaviour?: Record<string, unknown> }[]) ?? []
    for (const d of defs.filter((x) => x.type === 'bpmn:TimerEventDefinition')) {
      const at = (n.behaviour.attachedTo as { type?: string } | undefined)?.type
      if (n.type === 'boundaryEvent') {
        if (at !== 'bpmn:UserTask' && at !== 'bpmn:SubProcess') throw refuse('timerPlace', { id: n.id })
      } else if (n.type !== 'intermediateCatchEvent') throw refuse('timerPlace', { id: n.id })
      const b = d.behaviour ?? {}
      const repeats = n.type === 'boundaryEvent' && n.behaviour.cancelActivity === false
      if (textOf(b.timeCycle).trim() && !repeats) throw refuse('timerCycle', { id: n.id })
      const kinds = (['timeDuration', 'timeDate', 'timeCycle'] as const).filter((k) => textOf(b[k]).trim())
      if (kinds.length !== 1) throw refuse('timerValue', { id: n.id })
      const value = textOf(b[kinds[0]]).trim()
      if (value.includes('${')) {
        try {
          checkSyntax(value)
        } catch (err) {
          if (err instanceof ExpressionError)
            throw badRequest('workflow.expression', { expression: value, reason: err.reason, field: 'xml' }, 'xml')
          throw err
        }
      } else if (!SHAPES[kinds[0]].test(value) || !dueAt(value, new Date()))
        throw refuse('timerBad', { id: n.id, value: value.slice(0, 60) })
    }
  }
}
