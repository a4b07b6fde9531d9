/**
 * The instance in the database: loading it (tenant-checked), who the caller is to it, and saving one turn — state,
 * tasks, candidates, history and variables — in one transaction whose first write moves the instance's version on
 * only if nobody moved it since it was loaded (0 rows → 409: the other operation won, nothing is applied twice).
 */
import { and, eq, sql } from 'drizzle-orm'
import { tenantRows } from '../../../lib/tenant-rows.ts'
import {
  user,
  wfDeployment,
  wfHistory,
  wfInstance,
  wfTask,
  wfTaskCandidate,
  wfVariable,
} from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import { badRequest, conflict, notFound } from '../../../lib/errors.ts'
import { newId } from '../../../lib/ids.ts'
import { ADMINISTRATOR, isAdministrator, roleAliases, TENANT_ADMIN } from '../../../lib/permissions.ts'
import { changed, first } from '../../../lib/rows.ts'
import { formatDateTime, now } from '../../../lib/time.ts'
import { withTransaction, type Tx } from '../../../lib/transaction.ts'
import type { Graph } from './definitions.ts'
import { ExpressionError, resolve } from './expressions.ts'
import { scopeOf, type Turn, type Wait } from './runtime.ts'
import { wfReads, wfWrites, withXml } from './statements.ts'
import { insertRows } from '../../../lib/prepared.ts'
import { armDue, armTimers, dueAt } from './timer-jobs.ts'

export { PARTICIPANTS } from './statements.ts'

export type InstanceRow = typeof wfInstance.$inferSelect
export type TaskRow = typeof wfTask.$inferSelect
export type DeploymentRow = typeof wfDeployment.$inferSelect

export interface LoadedInstance {
  inst: InstanceRow
  dep: DeploymentRow
  vars: Record<string, unknown>
  open: TaskRow[]
}

/** The school's administrator (or the platform's): the ops side may act on any task of its school. */
export async function isWorkflowAdmin(ctx: Ctx): Promise<boolean> {
  if (await isAdministrator(ctx)) return true
  const aliases = await roleAliases(ctx)
  return aliases.includes(ADMINISTRATOR) || aliases.includes(TENANT_ADMIN)
}

/** The values a candidate row may hold that stand for the caller: its id, its roles (ids and aliases), its departments. */
export async function candidateKeys(ctx: Ctx): Promise<{ type: string; vals: string[] }[]> {
  return [
    { type: 'user', vals: [ctx.actor.userId] },
    { type: 'role', vals: [...ctx.actor.roleIds, ...(await roleAliases(ctx))] },
    { type: 'dept', vals: [...ctx.actor.deptIds] },
  ].filter((k) => k.vals.length)
}

export async function isCandidate(ctx: Ctx, taskId: string): Promise<boolean> {
  const rows = await ctx.db.select().from(wfTaskCandidate).where(eq(wfTaskCandidate.taskId, taskId))
  const keys = await candidateKeys(ctx)
  return rows.some((r) => keys.some((k) => k.type === r.type && k.vals.includes(r.val)))
}

export async function loadTask(ctx: Ctx, taskId: unknown): Promise<TaskRow> {
  if (typeof taskId !== 'string' || !taskId) throw badRequest('workflow.taskId', { field: 'taskId' }, 'taskId')
  const row = await first(wfReads(ctx.db).task.execute({ id: taskId, tenantId: ctx.actor.tenantId }))
  if (!row) throw notFound()
  return row
}

/** An open task the caller may act on now: not done, not suspended. */
export async function openTask(ctx: Ctx, taskId: unknown): Promise<TaskRow> {
  const task = await loadTask(ctx, taskId)
  if (task.status !== 'todo') throw conflict('workflow.taskDone')
  if (task.suspended) throw conflict('workflow.taskSuspended')
  return task
}

export async function loadInstance(ctx: Ctx, id: unknown): Promise<LoadedInstance> {
  if (typeof id !== 'string' || !id)
    throw badRequest('workflow.processInstanceId', { field: 'processInstanceId' }, 'processInstanceId')
  const reads = wfReads(ctx.db)
  const inst = await first(reads.instance.execute({ id, tenantId: ctx.actor.tenantId }))
  if (!inst) throw notFound()
  const dep = await withXml(ctx.db, await first(reads.deployment.execute({ id: inst.definitionId })))
  if (!dep) throw notFound()
  const varRows = await reads.vars.execute({ id })
  const vars = Object.fromEntries(varRows.map((v) => [v.name, JSON.parse(v.value) as unknown]))
  const open = await reads.openTasks.execute({ id })
  return { inst, dep, vars, open }
}

/** A user of the caller's school, by id (400 naming `field` when there is none). */
export async function schoolUser(ctx: Ctx, id: unknown, field: string): Promise<string> {
  const row =
    typeof id === 'string' && id
      ? await first(
          ctx.db
            .select({ id: user.id })
            .from(user)
            .where(
              and(
                eq(user.id, id),
                tenantRows(user, ctx.actor.tenantId, { why: 'a task may be handed to anyone of the school' }),
              ),
            ),
        )
      : undefined
  if (!row) throw badRequest('workflow.userUnknown', { field }, field)
  return row.id
}

/** A countersign's iterations share their parent execution: `<parent>_<n>` from the engine, `<parent>+<id>` added. */
export const loopGroup = (executionId: string) => /^(.*)[_+][^_+]*$/.exec(executionId)?.[1] ?? executionId
export const isAdded = (executionId: string) => executionId.includes('+')

const list = (v: unknown): string[] =>
  (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v == null ? [] : [String(v)])
    .map((s) => String(s).trim())
    .filter(Boolean)

export interface NewTask {
  row: typeof wfTask.$inferInsert
  candidates: { type: string; val: string }[]
}

/** A task row for a waiting user task, its assignee and candidates resolved over the variables. */
export function taskFor(
  inst: { id: string; tenantId: string; definitionId: string },
  graph: Graph,
  w: Wait,
  vars: Record<string, unknown>,
): NewTask {
  const node = graph.nodes.get(w.activityId)!
  const b = node.behaviour
  const scope = scopeOf(vars, w.local)
  const value = (k: string) => {
    const v = b[k]
    if (typeof v !== 'string' || !v.trim()) return undefined
    try {
      return resolve(v, scope)
    } catch (err) {
      if (err instanceof ExpressionError)
        throw badRequest('workflow.expression', { expression: err.expression, reason: err.reason })
      throw err
    }
  }
  const assignee = list(value('assignee'))[0] ?? null
  const candidates = [
    ...list(value('candidateUsers')).map((val) => ({ type: 'user', val })),
    // Groups are roles (id or alias); `dept:<id>` names a department.
    ...list(value('candidateGroups')).map((g) =>
      g.startsWith('dept:') ? { type: 'dept', val: g.slice(5) } : { type: 'role', val: g.replace(/^role:/, '') },
    ),
  ]
  // Flowable's dueDate: a date, or a duration from now (P2D); stored as a time so overdue is a comparison.
  const due = value('dueDate')
  const dueTime = typeof due === 'string' ? dueAt(due, new Date()) : undefined
  return {
    row: {
      id: newId(),
      tenantId: inst.tenantId,
      instanceId: inst.id,
      definitionId: inst.definitionId,
      taskKey: w.activityId,
      name: node.name ?? w.activityId,
      executionId: w.executionId,
      assignee,
      formKey: typeof b.formKey === 'string' ? b.formKey : null,
      status: 'todo',
      dueTime: dueTime ? formatDateTime(dueTime) : null,
      createTime: now(),
    },
    candidates: [...new Map(candidates.map((c) => [`${c.type}:${c.val}`, c])).values()],
  }
}

export interface HistoryEntry {
  activityId: string
  activityName?: string | null
  activityType: string
  taskId?: string | null
  assignee?: string | null
  action?: string | null
  comment?: string | null
}

export async function writeHistory(tx: Tx, inst: { id: string; tenantId: string }, entries: HistoryEntry[]) {
  const stamp = now()
  await insertRows(
    tx,
    'wf.history',
    wfHistory,
    entries.map((e) => ({
      id: newId(),
      tenantId: inst.tenantId,
      instanceId: inst.id,
      activityId: e.activityId,
      activityName: e.activityName ?? null,
      activityType: e.activityType,
      taskId: e.taskId ?? null,
      assignee: e.assignee ?? null,
      action: e.action ?? null,
      comment: e.comment ?? null,
      startTime: stamp,
      endTime: stamp,
    })),
  )
}

/** Stores variables (new or changed) in one statement: a start's form writes five or more, each was a round trip. */
export async function saveVars(tx: Tx, inst: { id: string; tenantId: string }, vars: Record<string, unknown>) {
  const rows = Object.entries(vars)
    .filter(([, v]) => v !== undefined)
    .map(([name, v]) => ({ instanceId: inst.id, name, tenantId: inst.tenantId, value: JSON.stringify(v) }))
  await insertRows(tx, 'wf.vars', wfVariable, rows, (q) =>
    q.onConflictDoUpdate({ target: [wfVariable.instanceId, wfVariable.name], set: { value: sql`excluded.value` } }),
  )
}

export async function insertTasks(tx: Tx, tasks: NewTask[]) {
  for (const t of tasks) {
    await insertRows(tx, 'wf.task', wfTask, [t.row])
    await insertRows(
      tx,
      'wf.candidates',
      wfTaskCandidate,
      t.candidates.map((c) => ({ taskId: t.row.id!, ...c })),
    )
    await insertRows(tx, 'wf.history', wfHistory, [
      {
        id: newId(),
        tenantId: t.row.tenantId!,
        instanceId: t.row.instanceId,
        activityId: t.row.taskKey,
        activityName: t.row.name,
        activityType: 'userTask',
        taskId: t.row.id,
        assignee: t.row.assignee,
        startTime: t.row.createTime,
      },
    ])
    await armDue(tx, t.row)
  }
}

/** Ends tasks (done or cancelled) and their history rows. */
export async function endTasks(
  tx: Tx,
  ids: string[],
  o: { status: 'done' | 'cancelled'; action: string; comment?: string | null; by?: string },
) {
  if (!ids.length) return 0
  const w = wfWrites(tx)
  const at = { ids: JSON.stringify(ids), action: o.action, comment: o.comment ?? null, endTime: now() }
  const n = changed(await w.endTasks.execute({ ...at, status: o.status }))
  await (o.by ? w.endTaskHistoryBy.execute({ ...at, assignee: o.by }) : w.endTaskHistory.execute(at))
  return n
}

/** Moves the instance's version on from what was loaded: 0 rows means someone else acted first. */
export async function bumpVersion(tx: Tx, inst: InstanceRow, set: Partial<InstanceRow> = {}) {
  const n = changed(await versionUpdate(tx, inst, set))
  if (!n) throw conflict('workflow.stale')
}

/** The update bumpVersion makes: a turn's two usual shapes prepared (statements.ts), anything else built. */
function versionUpdate(tx: Tx, inst: InstanceRow, set: Partial<InstanceRow>) {
  const w = wfWrites(tx)
  const keys = Object.keys(set).sort().join()
  const at = { id: inst.id, version: inst.version, updateTime: now() }
  if (keys === 'state') return w.moved.execute({ ...at, state: set.state })
  if (keys === 'endReason,endTime,state,status')
    return w.ended.execute({
      ...at,
      state: set.state,
      status: set.status,
      endReason: set.endReason,
      endTime: set.endTime,
    })
  return tx
    .update(wfInstance)
    .set({ ...set, version: sql`${wfInstance.version} + 1`, updateTime: at.updateTime })
    .where(and(eq(wfInstance.id, inst.id), eq(wfInstance.version, inst.version)))
}

export interface Commit {
  /** The task the caller acted on and how it ended. */
  acted?: { task: TaskRow; action: string; comment?: string | null; status?: 'done' | 'cancelled' }
  /** How tasks the turn left end (a gateway, a completion condition, a rollback). */
  leftAction: string
  /** Variables to store (the new or changed ones). */
  vars?: Record<string, unknown>
  history?: HistoryEntry[]
  /** Task rows to change beside the turn (an added participant taking over an execution). */
  handover?: { taskId: string; executionId: string }
  status?: { status: string; endReason?: string | null }
  /** More writes in the same transaction, after the rest (a timer's reminder message). */
  within?: (tx: Tx) => Promise<void>
}

/**
 * What an instance's save also writes for the instances it calls or was called by (call-activity.ts): called
 * instances started or ended, the caller continued. Registered by that file, which builds on this one: the store
 * cannot import it back.
 */
export type CallLinker = (
  ctx: Ctx,
  l: LoadedInstance,
  t: (Turn & { graph: Graph }) | null,
  status: { status: string } | undefined,
  vars: Record<string, unknown>,
) => Promise<((tx: Tx) => Promise<void>) | undefined>
let linkCalls: CallLinker | undefined
export const useCallLinker = (linker: CallLinker) => {
  linkCalls = linker
}

/**
 * Saves a turn (or, with `turn` null, an operation that did not move the engine) in one transaction: the version
 * check first, then the acted task, tasks the turn opened and left, history, variables, and the jobs of the timers
 * the turn set.
 */
export async function commit(
  ctx: Ctx,
  l: LoadedInstance,
  t: (Turn & { graph: Graph }) | null,
  c: Commit,
): Promise<string[]> {
  const { write, created } = await prepareCommit(ctx, l, t, c)
  await withTransaction(ctx.db, write)
  return created
}

/**
 * A commit's work before its transaction (everything that reads or runs an engine) and the transaction's writes, so
 * a called instance's end can continue its caller in the same transaction.
 */
export async function prepareCommit(
  ctx: Ctx,
  l: LoadedInstance,
  t: (Turn & { graph: Graph }) | null,
  c: Commit,
): Promise<{ write: (tx: Tx) => Promise<void>; created: string[] }> {
  const held = new Set(l.open.map((o) => o.executionId))
  const fresh = t ? t.waits.filter((w) => !held.has(w.executionId)) : []
  const varsNow = { ...l.vars, ...(c.vars ?? {}) }
  const created = t ? fresh.map((w) => taskFor(l.inst, t.graph, w, varsNow)) : []
  const waiting = new Set(t?.waits.map((w) => w.executionId) ?? [])
  const groups = new Set([...waiting].map(loopGroup))
  const left = t
    ? l.open.filter(
        (o) =>
          o.id !== c.acted?.task.id &&
          o.id !== c.handover?.taskId &&
          (isAdded(o.executionId) ? !groups.has(loopGroup(o.executionId)) : !waiting.has(o.executionId)),
      )
    : []
  const finished = Boolean(t?.finished)
  const status = c.status ?? (finished ? { status: 'finished' } : undefined)
  const linked = linkCalls ? await linkCalls(ctx, l, t, status, varsNow) : undefined
  const write = async (tx: Tx) => {
    await bumpVersion(tx, l.inst, {
      ...(t ? { state: t.state } : {}),
      ...(status ? { status: status.status, endReason: status.endReason ?? null } : {}),
      ...(status && status.status !== 'running' && status.status !== 'suspended' ? { endTime: now() } : {}),
    })
    if (c.acted) {
      const n = await endTasks(tx, [c.acted.task.id], {
        status: c.acted.status ?? 'done',
        action: c.acted.action,
        comment: c.acted.comment,
        by: ctx.actor.userId,
      })
      if (!n) throw conflict('workflow.taskDone')
    }
    if (c.handover)
      await tx.update(wfTask).set({ executionId: c.handover.executionId }).where(eq(wfTask.id, c.handover.taskId))
    await endTasks(
      tx,
      left.map((o) => o.id),
      { status: 'cancelled', action: c.leftAction },
    )
    await insertTasks(tx, created)
    const trace = (t?.trace ?? []).flatMap((e): HistoryEntry[] => {
      if (e.kind === 'flow') {
        const f = t!.graph.flows.find((x) => x.id === e.id)
        return [{ activityId: e.id, activityName: f?.name ?? null, activityType: 'sequenceFlow' }]
      }
      const n = t!.graph.nodes.get(e.id)
      if (!n || n.type === 'userTask') return []
      return [{ activityId: e.id, activityName: n.name ?? null, activityType: n.type }]
    })
    await writeHistory(tx, l.inst, [...trace, ...(c.history ?? [])])
    await saveVars(tx, l.inst, c.vars ?? {})
    if (t) await armTimers(tx, l.inst, t.armed)
    if (c.within) await c.within(tx)
    if (linked) await linked(tx)
    if (status && status.status !== 'running' && status.status !== 'suspended')
      await endTasks(
        tx,
        [...l.open.map((o) => o.id), ...created.map((n) => n.row.id!)].filter(
          (id) => id !== c.acted?.task.id && !left.some((o) => o.id === id),
        ),
        { status: 'cancelled', action: c.leftAction },
      )
  }
  return { write, created: created.map((n) => n.row.id!) }
}
