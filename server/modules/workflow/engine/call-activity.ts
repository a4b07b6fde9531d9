/**
 * Call activities: a call activity starts the main version of the process its calledElement names (a process key of
 * the school) as a child instance — its own row, tasks and history, linked by parentId and parentExecutionId — and
 * waits. When the child finishes, the same transaction signals the parent's call activity and saves the parent's
 * turn (with the parent's version check), so the parent continues exactly once. A parent that ends early (terminate,
 * delete) or leaves the call activity (a rollback past it) ends its running children, theirs in turn.
 *
 * Variables: Flowable's `flowable:in` mappings choose what the child starts with (all of the parent's when there are
 * none), `flowable:out` what the parent gets back (nothing when there are none).
 */
import { and, eq, inArray } from 'drizzle-orm'
import { wfDeployment, wfHistory, wfInstance, wfTask } from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import { badRequest, conflict } from '../../../lib/errors.ts'
import { defineMessages } from '../../../lib/messages.ts'
import { newId } from '../../../lib/ids.ts'
import { first, changed } from '../../../lib/rows.ts'
import { now } from '../../../lib/time.ts'
import { publicRows } from '../../../lib/tenant-rows.ts'
import type { Tx } from '../../../lib/transaction.ts'
import { deployed, type Graph } from './definitions.ts'
import { resolve } from './expressions.ts'
import { turn, type CallWait, type Trace } from './runtime.ts'
import {
  endTasks,
  insertTasks,
  loadInstance,
  prepareCommit,
  saveVars,
  taskFor,
  useCallLinker,
  writeHistory,
  type HistoryEntry,
  type InstanceRow,
  type LoadedInstance,
} from './store.ts'
import { armTimers } from './timer-jobs.ts'

defineMessages({
  'workflow.calledElement': {
    zh: '调用活动要调用的流程“{key}”不存在或已挂起',
    en: 'the process "{key}" a call activity calls is not deployed or is suspended',
  },
  'workflow.callDepth': {
    zh: '调用活动嵌套过深（流程“{key}”）',
    en: 'call activities nest too deep (process "{key}")',
  },
  'workflow.calledEndsAtOnce': {
    zh: '被调用的流程“{key}”没有任何待办就结束了，无法作为调用活动',
    en: 'the called process "{key}" ends without waiting for anyone: it cannot serve a call activity',
  },
})

const CALLABLE = { why: "a call activity starts its school's (or the platform's shared) main version of a process" }
const OPEN = ['running', 'suspended']
/** Calls within calls: deeper than this is a process calling itself without end. */
const MAX_DEPTH = 8

type Writer = (tx: Tx) => Promise<void>
interface Mapping {
  $type?: string
  source?: string
  sourceExpression?: string
  target?: string
  variables?: string
}

/** The variables a call activity's in (or out) mappings pass from `from`; undefined when it has none. */
function mapped(graph: Graph, activityId: string, kind: 'flowable:In' | 'flowable:Out', from: Record<string, unknown>) {
  const ext = graph.nodes.get(activityId)?.behaviour.extensionElements as { values?: Mapping[] } | undefined
  const maps = (ext?.values ?? []).filter((m) => m.$type === kind)
  if (!maps.length) return undefined
  const out: Record<string, unknown> = {}
  for (const m of maps) {
    if (m.variables === 'all') Object.assign(out, from)
    else if (m.target) out[m.target] = m.sourceExpression ? resolve(m.sourceExpression, from) : from[m.source ?? '']
  }
  return out
}

/** A turn's trace as history rows (user tasks have their own rows). */
export function traceHistory(graph: Graph, trace: Trace[]): HistoryEntry[] {
  return trace.flatMap((e): HistoryEntry[] => {
    if (e.kind === 'flow') {
      const f = graph.flows.find((x) => x.id === e.id)
      return [{ activityId: e.id, activityName: f?.name ?? null, activityType: 'sequenceFlow' }]
    }
    const n = graph.nodes.get(e.id)
    if (!n || n.type === 'userTask') return []
    return [{ activityId: e.id, activityName: n.name ?? null, activityType: n.type }]
  })
}

/** Starts the child instance a call waits for: its engine turn now, its rows in the caller's transaction. */
async function startChild(
  ctx: Ctx,
  parent: InstanceRow,
  graph: Graph,
  call: CallWait,
  vars: Record<string, unknown>,
  depth: number,
): Promise<Writer> {
  const key = call.calledElement.trim()
  if (depth > MAX_DEPTH) throw badRequest('workflow.callDepth', { key })
  const dep = key
    ? await first(
        ctx.db
          .select()
          .from(wfDeployment)
          .where(
            and(
              publicRows(wfDeployment, parent.tenantId, CALLABLE),
              eq(wfDeployment.processKey, key),
              eq(wfDeployment.mainVersion, 1),
            ),
          ),
      )
    : undefined
  if (!dep || dep.status !== 1) throw badRequest('workflow.calledElement', { key: key || call.activityId })
  const childVars = mapped(graph, call.activityId, 'flowable:In', vars) ?? { ...vars }
  const t = await turn(dep.id, dep.xml, null, childVars)
  // The parent's turn is already taken: a child that ends at once cannot signal it back within it.
  if (t.finished) throw badRequest('workflow.calledEndsAtOnce', { key })
  const stamp = now()
  const inst: typeof wfInstance.$inferInsert & InstanceRow = {
    id: newId(),
    tenantId: parent.tenantId,
    definitionId: dep.id,
    processKey: dep.processKey,
    name: `${dep.name} - ${parent.name}`.slice(0, 200),
    businessTable: parent.businessTable,
    businessId: parent.businessId,
    initiator: parent.initiator,
    initiatorDept: parent.initiatorDept,
    status: 'running',
    state: t.state,
    version: 1,
    startTime: stamp,
    endTime: null,
    endReason: null,
    updateTime: stamp,
    parentId: parent.id,
    parentExecutionId: call.executionId,
  }
  const tasks = t.waits.map((w) => taskFor(inst, t.graph, w, childVars))
  const nested: Writer[] = []
  for (const c of t.calls) nested.push(await startChild(ctx, inst, t.graph, c, childVars, depth + 1))
  return async (tx) => {
    await tx.insert(wfInstance).values(inst)
    await insertTasks(tx, tasks)
    await writeHistory(tx, inst, [
      { activityId: call.activityId, activityType: 'callActivity', action: 'called', comment: parent.id },
      ...traceHistory(t.graph, t.trace),
    ])
    await saveVars(tx, inst, childVars)
    await armTimers(tx, inst, t.armed)
    for (const w of nested) await w(tx)
  }
}

/** Starts the children of a new instance's first turn (startProcess), in its transaction. */
export async function startCalled(
  ctx: Ctx,
  inst: InstanceRow,
  t: { graph: Graph; calls: CallWait[] },
  vars: Record<string, unknown>,
): Promise<Writer> {
  const writers: Writer[] = []
  for (const c of t.calls) writers.push(await startChild(ctx, inst, t.graph, c, vars, 1))
  return async (tx) => {
    for (const w of writers) await w(tx)
  }
}

/** Ends running children (and theirs): the instance, its open tasks, a history row with the reason. */
async function endChildren(tx: Tx, ids: string[], reason: string) {
  let next = ids
  while (next.length) {
    const ended: InstanceRow[] = []
    for (const id of next) {
      const [row] = await tx.select().from(wfInstance).where(eq(wfInstance.id, id))
      if (!row || !OPEN.includes(row.status)) continue
      const stamp = now()
      // Conditional: a child that finished earlier in this transaction (the one that returns) is left alone.
      const n = changed(
        await tx
          .update(wfInstance)
          .set({ status: 'terminated', endReason: reason, endTime: stamp, updateTime: stamp, version: row.version + 1 })
          .where(and(eq(wfInstance.id, id), eq(wfInstance.version, row.version), inArray(wfInstance.status, OPEN))),
      )
      if (n) ended.push(row)
    }
    if (!ended.length) return
    const endedIds = ended.map((e) => e.id)
    const open = await tx
      .select({ id: wfTask.id })
      .from(wfTask)
      .where(and(inArray(wfTask.instanceId, endedIds), eq(wfTask.status, 'todo')))
    await endTasks(
      tx,
      open.map((o) => o.id),
      { status: 'cancelled', action: 'terminate' },
    )
    for (const e of ended)
      await tx.insert(wfHistory).values({
        id: newId(),
        tenantId: e.tenantId,
        instanceId: e.id,
        activityId: e.processKey,
        activityType: 'action',
        action: 'terminate',
        comment: reason,
        startTime: now(),
        endTime: now(),
      })
    next = (
      await tx
        .select({ id: wfInstance.id })
        .from(wfInstance)
        .where(and(inArray(wfInstance.parentId, endedIds), inArray(wfInstance.status, OPEN)))
    ).map((r) => r.id)
  }
}

/** The parent's call activity a child was started by: the call activity node whose id its execution id begins with. */
function callActivityOf(graph: Graph, executionId: string): string | undefined {
  return [...graph.nodes.values()]
    .filter((n) => n.type === 'callActivity' && executionId.startsWith(`${n.id}_`))
    .sort((a, b) => b.id.length - a.id.length)[0]?.id
}

/** The finished child's return: the parent's call activity signalled, the parent's turn saved in the same transaction. */
async function returnToParent(ctx: Ctx, child: LoadedInstance, vars: Record<string, unknown>): Promise<Writer> {
  const parent = await loadInstance(ctx, child.inst.parentId)
  if (parent.inst.status !== 'running') throw conflict('workflow.notRunning')
  const executionId = child.inst.parentExecutionId ?? ''
  const { graph } = await deployed(parent.dep.id, parent.dep.xml)
  const activityId = callActivityOf(graph, executionId) ?? ''
  const out = mapped(graph, activityId, 'flowable:Out', vars) ?? {}
  const t = await turn(parent.dep.id, parent.dep.xml, parent.inst.state, { ...parent.vars, ...out }, (d) =>
    d.signal(activityId, executionId, out),
  )
  // Still waiting: the parent no longer had that call (it moved on meanwhile); the version check would refuse too.
  if (t.calls.some((c) => c.executionId === executionId)) throw conflict('workflow.stale')
  const { write } = await prepareCommit(ctx, parent, t, {
    leftAction: 'complete',
    vars: out,
    history: [{ activityId, activityType: 'action', action: 'returned', comment: child.inst.id }],
  })
  return write
}

useCallLinker(async (ctx, l, t, status, vars) => {
  const ended = status !== undefined && !OPEN.includes(status.status)
  const writers: Writer[] = []
  // Only a call activity of the instance's own definition starts children (an instance never changes definition):
  // without one there are none to look for — the look was a statement in every commit of every other process.
  const { graph } = t ?? (await deployed(l.dep.id, l.dep.xml))
  const calling = [...graph.nodes.values()].some((n) => n.type === 'callActivity')
  if ((t || ended) && calling) {
    const children = await ctx.db
      .select({ id: wfInstance.id, parentExecutionId: wfInstance.parentExecutionId })
      .from(wfInstance)
      .where(and(eq(wfInstance.parentId, l.inst.id), inArray(wfInstance.status, OPEN)))
    const calls = ended || !t ? [] : t.calls
    const waiting = new Set(calls.map((c) => c.executionId))
    const held = new Set(children.map((c) => c.parentExecutionId))
    for (const c of calls.filter((x) => !held.has(x.executionId)))
      writers.push(await startChild(ctx, l.inst, t!.graph, c, vars, 1))
    const gone = children.filter((c) => !waiting.has(c.parentExecutionId ?? '')).map((c) => c.id)
    if (gone.length) writers.push((tx) => endChildren(tx, gone, ended ? 'parentEnded' : 'parentLeft'))
  }
  if (status?.status === 'finished' && l.inst.parentId) writers.push(await returnToParent(ctx, l, vars))
  if (!writers.length) return undefined
  return async (tx) => {
    for (const w of writers) await w(tx)
  }
})
