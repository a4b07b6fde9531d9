/**
 * Countersigns (multi-instance user tasks) whose participants change while they run. bpmn-engine fixes a loop's
 * iterations when the loop starts, so an added participant's task has no engine execution of its own (`+` in its
 * executionId). The countersign is therefore counted over its task rows as Flowable counts it, and the engine is
 * only told what its own iterations can express:
 * - the completion condition is evaluated here on the rows' counters, and the same counters travel with the signal,
 *   so the engine's own evaluation of the condition agrees with ours;
 * - while any participant is still open, one engine iteration stays open: when the last task that holds an engine
 *   iteration finishes and added participants remain, it hands its execution to one of them instead of ending it.
 */
import { and, eq } from 'drizzle-orm'
import { wfTask } from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import { badRequest } from '../../../lib/errors.ts'
import type { Graph } from './definitions.ts'
import { ExpressionError, resolve } from './expressions.ts'
import { isAdded, loopGroup, type LoadedInstance, type TaskRow } from './store.ts'

interface LoopBehaviour {
  isSequential?: boolean
  collection?: unknown
  loopCardinality?: unknown
  completionCondition?: { body?: string } | string
}

export interface Loop {
  sequential: boolean
  /** How many iterations the engine runs for the loop (its collection's length or its cardinality). */
  cardinality: number
  condition?: string
}

function evaluated(template: string, scope: Record<string, unknown>): unknown {
  try {
    return resolve(template, scope)
  } catch (err) {
    if (err instanceof ExpressionError)
      throw badRequest('workflow.expression', { expression: err.expression, reason: err.reason })
    throw err
  }
}

/** The loop of a multi-instance user task, or undefined when the node is a plain task. */
export function loopOf(graph: Graph, taskKey: string, vars: Record<string, unknown>): Loop | undefined {
  const lc = graph.nodes.get(taskKey)?.behaviour.loopCharacteristics as { behaviour?: LoopBehaviour } | undefined
  if (!lc) return undefined
  const b = lc.behaviour ?? {}
  let cardinality = 0
  if (b.loopCardinality !== undefined && b.loopCardinality !== '')
    cardinality = Number(typeof b.loopCardinality === 'string' ? evaluated(b.loopCardinality, vars) : b.loopCardinality)
  else if (typeof b.collection === 'string') {
    const c = evaluated(b.collection, vars)
    cardinality = Array.isArray(c) ? c.length : 0
  }
  const cc = b.completionCondition
  const condition = typeof cc === 'string' ? cc : cc?.body
  return {
    sequential: Boolean(b.isSequential),
    cardinality: Number.isFinite(cardinality) ? cardinality : 0,
    condition: condition?.trim() || undefined,
  }
}

export interface Counters {
  nrOfInstances: number
  nrOfCompletedInstances: number
  nrOfActiveInstances: number
}

/** What finishing one participant's task does to the engine. */
export type CountersignStep =
  /** An added participant finished and the countersign goes on: only the task row ends. */
  | { kind: 'alone' }
  /** The last engine iteration's task finished while added participants remain: one of them takes it over. */
  | { kind: 'handover'; heir: TaskRow }
  /** The engine iteration `executionId` is signalled with the counters (which may end the countersign). */
  | { kind: 'signal'; executionId: string; counters: Counters }

/**
 * Decides how `task` (a participant of a countersign) finishing moves the countersign: `completing` true when it
 * completes, false when the participant is removed (deleteMultiInstance, which Flowable does not count).
 */
export async function countersignStep(
  ctx: Ctx,
  l: LoadedInstance,
  loop: Loop,
  task: TaskRow,
  completing: boolean,
  vars: Record<string, unknown>,
): Promise<CountersignStep> {
  const group = loopGroup(task.executionId)
  const rows = (
    await ctx.db
      .select()
      .from(wfTask)
      .where(and(eq(wfTask.instanceId, task.instanceId), eq(wfTask.taskKey, task.taskKey)))
  ).filter((r) => loopGroup(r.executionId) === group)
  const removed = (r: TaskRow) => r.action === 'deleteMultiInstance' || (r.id === task.id && !completing)
  const live = rows.filter((r) => !removed(r))
  const isDone = (r: TaskRow) => r.status === 'done' || (completing && r.id === task.id)
  // A sequential loop has not created its later iterations yet; they count as instances all the same.
  const started = new Set(rows.filter((r) => !isAdded(r.executionId)).map((r) => r.executionId))
  const notStarted = Math.max(0, loop.cardinality - started.size)
  const done = live.filter(isDone).length
  const counters: Counters = {
    nrOfInstances: live.length + notStarted,
    nrOfCompletedInstances: done,
    nrOfActiveInstances: live.length - done,
  }
  const open = l.open.filter((o) => o.id !== task.id && loopGroup(o.executionId) === group)
  const engineOpen = open.filter((o) => !isAdded(o.executionId))
  const met = loop.condition !== undefined && Boolean(evaluated(loop.condition, { ...vars, ...counters }))
  const ends = met || (!open.length && !notStarted)
  if (ends) {
    // Some engine iteration is open while any participant is (the hand-over keeps it so): signalling it with
    // counters that meet the condition, or as the last iteration, ends the loop in the engine too.
    const executionId = isAdded(task.executionId) ? engineOpen[0]!.executionId : task.executionId
    return { kind: 'signal', executionId, counters }
  }
  if (isAdded(task.executionId)) return { kind: 'alone' }
  if (engineOpen.length || notStarted) return { kind: 'signal', executionId: task.executionId, counters }
  return { kind: 'handover', heir: open[0]! }
}
