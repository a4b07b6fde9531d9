/**
 * Operations that move the engine: start, complete (and resolve of a delegated task), rollback, withdraw, the
 * countersign's add/delete, terminate and delete. Each loads the instance, checks who may act, runs one engine
 * turn and commits it with the version check (store.ts).
 */
import { and, desc, eq, inArray } from 'drizzle-orm'
import { notDeleted } from '../../../lib/tenant-rows.ts'
import { wfDeployment, wfHistory, wfInstance, wfModelScope, wfTask } from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.ts'
import { newId } from '../../../lib/ids.ts'
import { first } from '../../../lib/rows.ts'
import { now } from '../../../lib/time.ts'
import { withTransaction, type Tx } from '../../../lib/transaction.ts'
import { recordFilledForm } from '../design/form-record.ts'
import { mayReturnTo, reachableFrom } from './back-nodes.ts'
import { startCalled } from './call-activity.ts'
import { countersignStep, loopOf } from './countersign.ts'
import { deployed } from './definitions.ts'
import { turn } from './runtime.ts'
import { wfReads, withXml } from './statements.ts'
import { insertRows } from '../../../lib/prepared.ts'
import { armTimers } from './timer-jobs.ts'
import {
  bumpVersion,
  candidateKeys,
  commit,
  insertTasks,
  isCandidate,
  isWorkflowAdmin,
  loadInstance,
  loadTask,
  loopGroup,
  openTask,
  saveVars,
  schoolUser,
  taskFor,
  writeHistory,
  type LoadedInstance,
  type TaskRow,
} from './store.ts'

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
const varsOf = (v: unknown): Record<string, unknown> => {
  if (v === undefined || v === null || v === '') return {}
  const o = typeof v === 'string' ? safeJson(v) : v
  if (!o || typeof o !== 'object' || Array.isArray(o))
    throw badRequest('validation.invalid', { field: 'variables' }, 'variables')
  return o as Record<string, unknown>
}
function safeJson(s: string): unknown {
  try {
    return JSON.parse(s)
  } catch {
    return undefined
  }
}

export interface StartInput {
  processDefinitionId?: string
  processDefinitionKey?: string
  variables?: unknown
  businessTable?: string
  businessId?: string
  /** The title in lists; the definition's name and the initiator's name when left out. */
  name?: string
  /** More writes in the start's own transaction (the business row the process runs on), after the instance's. */
  within?: (tx: Tx, started: { processInstanceId: string; processDefinitionId: string }) => Promise<void>
}

/** May the caller start this definition: its model's scope (none = everyone of the school), or an administrator. */
async function mayStart(ctx: Ctx, dep: typeof wfDeployment.$inferSelect) {
  if (!dep.modelId) return true
  const rows = await ctx.db
    .select()
    .from(wfModelScope)
    .where(and(eq(wfModelScope.modelId, dep.modelId), notDeleted(wfModelScope)))
  if (!rows.length || (await isWorkflowAdmin(ctx))) return true
  const keys = await candidateKeys(ctx)
  return rows.some((r) => keys.some((k) => k.type === r.type && k.vals.includes(r.val)))
}

/** The initiator as lists show them: their name (their account when they have none). */
async function initiatorName(ctx: Ctx) {
  const me = await first(wfReads(ctx.db).realName.execute({ id: ctx.actor.userId }))
  return me?.realName?.trim() || ctx.actor.account
}

/** Starts an instance of a definition (by id, or the main version of a key) as the caller. */
export async function startProcess(ctx: Ctx, input: StartInput) {
  const byId = text(input.processDefinitionId)
  const byKey = text(input.processDefinitionKey)
  if (!byId && !byKey)
    throw badRequest('workflow.processDefinitionId', { field: 'processDefinitionId' }, 'processDefinitionId')
  const reads = wfReads(ctx.db)
  const tenantId = ctx.actor.tenantId
  const dep = await withXml(
    ctx.db,
    await first(
      byId ? reads.startable.execute({ id: byId, tenantId }) : reads.startableMain.execute({ key: byKey, tenantId }),
    ),
  )
  if (!dep) throw notFound()
  if (dep.status !== 1) throw conflict('workflow.definitionSuspended')
  if (!(await mayStart(ctx, dep))) throw forbidden()
  const { graph } = await deployed(dep.id, dep.xml)
  const start = [...graph.nodes.values()].find((n) => n.type === 'startEvent' && n.parentId === graph.processKey)
  const initiatorVar = typeof start?.behaviour.initiator === 'string' ? start.behaviour.initiator : 'initiator'
  const sent = varsOf(input.variables)
  const vars = { ...sent, [initiatorVar]: ctx.actor.userId }
  const startForm = typeof start?.behaviour.formKey === 'string' ? start.behaviour.formKey : ''
  const t = await turn(dep.id, dep.xml, null, vars)
  const id = newId()
  const stamp = now()
  const inst = {
    id,
    tenantId: ctx.actor.tenantId,
    definitionId: dep.id,
    processKey: dep.processKey,
    name: text(input.name) || `${dep.name} - ${await initiatorName(ctx)}`,
    businessTable: text(input.businessTable) || null,
    businessId: text(input.businessId) || null,
    initiator: ctx.actor.userId,
    initiatorDept: ctx.actor.deptIds[0] ?? null,
    status: t.finished ? 'finished' : 'running',
    state: t.state,
    version: 1,
    startTime: stamp,
    endTime: t.finished ? stamp : null,
    updateTime: stamp,
  }
  const tasks = t.waits.map((w) => taskFor(inst, t.graph, w, vars))
  const called = await startCalled(ctx, { ...inst, endReason: null, parentId: null, parentExecutionId: null }, t, vars)
  await withTransaction(ctx.db, async (tx) => {
    await insertRows(tx, 'wf.instance', wfInstance, [inst])
    await called(tx)
    await insertTasks(tx, tasks)
    await writeHistory(
      tx,
      inst,
      t.trace.flatMap((e) => {
        if (e.kind === 'flow') return [{ activityId: e.id, activityType: 'sequenceFlow' }]
        const n = t.graph.nodes.get(e.id)
        if (!n || n.type === 'userTask') return []
        const isStart = n.type === 'startEvent'
        return [
          {
            activityId: e.id,
            activityName: n.name ?? null,
            activityType: n.type,
            assignee: isStart ? ctx.actor.userId : null,
            action: isStart ? 'start' : null,
          },
        ]
      }),
    )
    await saveVars(tx, inst, vars)
    await armTimers(tx, inst, t.armed)
    if (start && startForm)
      await recordFilledForm(tx, ctx, {
        processInsId: id,
        deploymentId: dep.id,
        taskDefKey: start.id,
        taskName: start.name ?? null,
        formKey: startForm,
        values: sent,
      })
    await input.within?.(tx, { processInstanceId: id, processDefinitionId: dep.id })
  })
  return { processInstanceId: id, processDefinitionId: dep.id, taskIds: tasks.map((x) => x.row.id!) }
}

/** Who may work a task: its assignee, a candidate of an unassigned one, or an administrator. */
async function mayWork(ctx: Ctx, task: TaskRow) {
  if (task.assignee === ctx.actor.userId) return true
  if (!task.assignee && (await isCandidate(ctx, task.id))) return true
  return isWorkflowAdmin(ctx)
}

/**
 * Ends a task and moves the engine past it. A countersign participant's task goes through countersign.ts, which says
 * whether the engine is signalled (with Flowable's counters), the task ends alone, or an added participant takes
 * over the engine's iteration.
 */
async function finishTask(
  ctx: Ctx,
  l: LoadedInstance,
  task: TaskRow,
  o: {
    action: string
    comment?: string | null
    vars: Record<string, unknown>
    counts: boolean
    status?: 'done' | 'cancelled'
    /** More writes in the commit's transaction (the filled form's record). */
    within?: (tx: Tx) => Promise<void>
  },
) {
  const acted = { task, action: o.action, comment: o.comment, status: o.status }
  const vars = { ...l.vars, ...o.vars }
  const { graph } = await deployed(l.dep.id, l.dep.xml)
  const loop = loopOf(graph, task.taskKey, vars)
  const step = loop
    ? await countersignStep(ctx, l, loop, task, o.counts, vars)
    : ({ kind: 'signal', executionId: task.executionId, counters: {} } as const)
  const within = o.within
  if (step.kind === 'alone') return commit(ctx, l, null, { acted, leftAction: o.action, vars: o.vars, within })
  if (step.kind === 'handover')
    return commit(ctx, l, null, {
      acted,
      leftAction: o.action,
      vars: o.vars,
      handover: { taskId: step.heir.id, executionId: task.executionId },
      within,
    })
  const t = await turn(l.dep.id, l.dep.xml, l.inst.state, vars, (d) =>
    d.signal(task.taskKey, step.executionId, { ...o.vars, ...step.counters }),
  )
  return commit(ctx, l, t, { acted, leftAction: o.action, vars: o.vars, within })
}

function running(l: LoadedInstance) {
  if (l.inst.status !== 'running') throw conflict('workflow.notRunning')
}

export interface CompleteInput {
  taskId?: string
  processInstanceId?: string
  /** Approve (true, default) or reject (false): stored as the variable `pass` the model's conditions read. */
  pass?: unknown
  flag?: unknown
  comment?: string
  variables?: unknown
}

/** Completes a task with form variables and a comment; on a delegated task the delegate resolves it instead. */
export async function completeTask(ctx: Ctx, input: CompleteInput) {
  const task = await openTask(ctx, input.taskId)
  if (task.delegation === 'pending') return resolveTask(ctx, input)
  if (!(await mayWork(ctx, task))) throw forbidden()
  const l = await loadInstance(ctx, task.instanceId)
  running(l)
  const passRaw = input.pass ?? input.flag
  const pass = !(passRaw === false || passRaw === 'false' || passRaw === 0 || passRaw === '0')
  const sent = varsOf(input.variables)
  const vars = { ...sent, pass }
  const formKey = task.formKey
  const created = await finishTask(ctx, l, task, {
    action: pass ? 'complete' : 'reject',
    comment: text(input.comment) || null,
    vars,
    counts: true,
    within: formKey
      ? (tx) =>
          recordFilledForm(tx, ctx, {
            processInsId: l.inst.id,
            deploymentId: l.dep.id,
            taskId: task.id,
            taskDefKey: task.taskKey,
            taskName: task.name,
            formKey,
            values: sent,
          })
      : undefined,
  })
  return { taskIds: created }
}

/** The delegate hands a delegated task back to its owner (Flowable's resolveTask), with variables and a comment. */
export async function resolveTask(ctx: Ctx, input: { taskId?: string; comment?: string; variables?: unknown }) {
  const task = await openTask(ctx, input.taskId)
  if (task.delegation !== 'pending') throw conflict('workflow.notDelegated')
  if (task.assignee !== ctx.actor.userId && !(await isWorkflowAdmin(ctx))) throw forbidden()
  const l = await loadInstance(ctx, task.instanceId)
  await withTransaction(ctx.db, async (tx) => {
    await bumpVersion(tx, l.inst)
    await tx
      .update(wfTask)
      .set({ assignee: task.owner, delegation: 'resolved' })
      .where(and(eq(wfTask.id, task.id), eq(wfTask.delegation, 'pending')))
    await writeHistory(tx, l.inst, [
      {
        activityId: task.taskKey,
        activityName: task.name,
        activityType: 'action',
        taskId: task.id,
        assignee: ctx.actor.userId,
        action: 'resolve',
        comment: text(input.comment) || null,
      },
    ])
    await saveVars(tx, l.inst, varsOf(input.variables))
  })
  return true
}

/** Nodes a task may be sent back to: finished user tasks and the start event from which its node is reachable. */
export async function getBackNodes(ctx: Ctx, input: { taskId?: string }) {
  const task = await openTask(ctx, input.taskId)
  if (!(await mayWork(ctx, task))) throw forbidden()
  return backNodes(ctx, task)
}

async function backNodes(ctx: Ctx, task: TaskRow) {
  const l = await loadInstance(ctx, task.instanceId)
  const { graph } = await deployed(l.dep.id, l.dep.xml)
  const done = await ctx.db
    .select({ key: wfTask.taskKey })
    .from(wfTask)
    .where(and(eq(wfTask.instanceId, task.instanceId), eq(wfTask.status, 'done')))
  const keys = [...new Set(done.map((d) => d.key))].filter((k) => k !== task.taskKey)
  const start = [...graph.nodes.values()].find((n) => n.type === 'startEvent' && n.parentId === graph.processKey)
  const open = [...new Set([task.taskKey, ...l.open.map((o) => o.taskKey)])]
  return [...(start ? [start.id] : []), ...keys]
    .filter((k) => mayReturnTo(graph, k, open))
    .map((k) => ({ nodeId: k, nodeName: graph.nodes.get(k)?.name ?? k, nodeType: graph.nodes.get(k)?.type }))
}

/**
 * Moves the instance back to `nodeId`: what is reachable from it stops (the current tasks, the sub-processes holding
 * them, joins some branches already reached), the acted task ends with `action`, the other open tasks are cancelled.
 */
async function moveBack(
  ctx: Ctx,
  l: LoadedInstance,
  nodeId: string,
  acted: TaskRow | undefined,
  action: string,
  comment: string | null,
) {
  const { graph } = await deployed(l.dep.id, l.dep.xml)
  // The target itself is started first (the instance never runs dry), so a loop back to it must not stop it again.
  const after = [...reachableFrom(graph, nodeId)].filter((id) => id !== nodeId)
  const t = await turn(l.dep.id, l.dep.xml, l.inst.state, l.vars, (d) => {
    d.run(nodeId)
    d.discard(after)
  })
  return commit(ctx, l, t, {
    ...(acted ? { acted: { task: acted, action, comment } } : {}),
    leftAction: action,
    history: acted ? [] : [{ activityId: nodeId, activityType: 'action', assignee: ctx.actor.userId, action, comment }],
  })
}

/**
 * Sends the instance back to a node getBackNodes offers: also out of a parallel branch (every branch returns, the
 * siblings' tasks cancelled) and out of a sub-process.
 */
export async function rollbackTask(ctx: Ctx, input: { taskId?: string; nodeId?: string; comment?: string }) {
  const task = await openTask(ctx, input.taskId)
  if (!(await mayWork(ctx, task))) throw forbidden()
  const nodes = await backNodes(ctx, task)
  const nodeId = text(input.nodeId)
  if (!nodes.some((n) => n.nodeId === nodeId)) throw badRequest('workflow.notBackNode', { field: 'nodeId' }, 'nodeId')
  const l = await loadInstance(ctx, task.instanceId)
  running(l)
  return { taskIds: await moveBack(ctx, l, nodeId, task, 'rollback', text(input.comment) || null) }
}

/**
 * The initiator takes the instance back while the next step is untouched (nobody claimed, delegated or completed
 * anything since the initiator's last step): it returns to the initiator's last task, or ends when the initiator
 * only started it.
 */
export async function withdrawTask(ctx: Ctx, input: { processInstanceId?: string; comment?: string }) {
  const l = await loadInstance(ctx, input.processInstanceId)
  if (l.inst.initiator !== ctx.actor.userId) throw forbidden()
  running(l)
  const acts = await ctx.db
    .select()
    .from(wfHistory)
    .where(and(eq(wfHistory.instanceId, l.inst.id), inArray(wfHistory.activityType, ['userTask', 'action'])))
    .orderBy(desc(wfHistory.id))
  const mineLast = acts.find((h) => h.activityType === 'userTask' && h.assignee === ctx.actor.userId && h.endTime)
  const since = mineLast ? acts.filter((h) => h.id > mineLast.id) : acts
  const touched =
    since.some((h) => h.action && !['withdraw'].includes(h.action)) ||
    l.open.some((o) => o.claimTime || o.delegation || (o.owner && o.owner !== o.assignee))
  if (touched) throw conflict('workflow.withdrawTooLate')
  const comment = text(input.comment) || null
  if (!mineLast) {
    await commit(ctx, l, null, {
      leftAction: 'withdraw',
      status: { status: 'terminated', endReason: 'withdraw' },
      history: [
        {
          activityId: l.inst.processKey,
          activityType: 'action',
          assignee: ctx.actor.userId,
          action: 'withdraw',
          comment,
        },
      ],
    })
    return { taskIds: [] }
  }
  return { taskIds: await moveBack(ctx, l, mineLast.activityId, undefined, 'withdraw', comment) }
}

/** Ends the instance with a reason: its initiator, an assignee of a current task, or an administrator. */
export async function terminateProcess(
  ctx: Ctx,
  input: { processInstanceId?: string; taskId?: string; comment?: string; reason?: string },
) {
  const id = input.processInstanceId || (input.taskId ? (await loadTask(ctx, input.taskId)).instanceId : undefined)
  const l = await loadInstance(ctx, id)
  const reason = text(input.comment) || text(input.reason)
  if (!reason) throw badRequest('workflow.reason', { field: 'comment' }, 'comment')
  const mine = l.inst.initiator === ctx.actor.userId || l.open.some((o) => o.assignee === ctx.actor.userId)
  if (!mine && !(await isWorkflowAdmin(ctx))) throw forbidden()
  if (l.inst.status === 'finished' || l.inst.status === 'terminated') throw conflict('workflow.notRunning')
  await endInstance(ctx, l, 'terminate', reason)
  return true
}

/** Ends an instance early: its open tasks are left with `action`, and the history says who ended it and why. */
const endInstance = (ctx: Ctx, l: LoadedInstance, action: 'terminate' | 'delete', reason: string) =>
  commit(ctx, l, null, {
    leftAction: action,
    status: { status: 'terminated', endReason: reason },
    history: [
      { activityId: l.inst.processKey, activityType: 'action', assignee: ctx.actor.userId, action, comment: reason },
    ],
  })

/** Removes a running instance (an administrator's clean-up): its tasks are cancelled, its history kept. */
export async function deleteProcess(ctx: Ctx, input: { processInstanceId?: string; comment?: string }) {
  const l = await loadInstance(ctx, input.processInstanceId)
  if (!(await isWorkflowAdmin(ctx))) throw forbidden()
  await endInstance(ctx, l, 'delete', text(input.comment) || 'delete')
  return true
}

/** The instance of a countersign participant's task (409 when the task's node is not a multi-instance one). */
async function countersignOf(ctx: Ctx, task: TaskRow) {
  const l = await loadInstance(ctx, task.instanceId)
  const { graph } = await deployed(l.dep.id, l.dep.xml)
  if (!graph.nodes.get(task.taskKey)?.behaviour.loopCharacteristics) throw conflict('workflow.notMultiInstance')
  return l
}

/**
 * Adds participants to a running countersign: each gets a task of the same node the countersign waits for, counted
 * in its nrOfInstances (countersign.ts).
 */
export async function addMultiInstance(ctx: Ctx, input: { taskId?: string; assignees?: unknown }) {
  const task = await openTask(ctx, input.taskId)
  const l = await countersignOf(ctx, task)
  if (task.assignee !== ctx.actor.userId && !(await isWorkflowAdmin(ctx))) throw forbidden()
  const raw = Array.isArray(input.assignees) ? input.assignees : String(input.assignees ?? '').split(',')
  const ids: string[] = []
  for (const a of raw.map((x) => String(x).trim()).filter(Boolean)) ids.push(await schoolUser(ctx, a, 'assignees'))
  if (!ids.length) throw badRequest('validation.required', { field: 'assignees' }, 'assignees')
  running(l)
  const group = loopGroup(task.executionId)
  const stamp = now()
  const tasks = ids.map((assignee) => {
    const id = newId()
    return {
      row: {
        ...task,
        id,
        executionId: `${group}+${id}`,
        assignee,
        owner: null,
        delegation: null,
        claimTime: null,
        createTime: stamp,
        comment: null,
        action: null,
      },
      candidates: [],
    }
  })
  await withTransaction(ctx.db, async (tx) => {
    await bumpVersion(tx, l.inst)
    await insertTasks(tx, tasks)
    await writeHistory(tx, l.inst, [
      {
        activityId: task.taskKey,
        activityName: task.name,
        activityType: 'action',
        taskId: task.id,
        assignee: ctx.actor.userId,
        action: 'addMultiInstance',
        comment: ids.join(','),
      },
    ])
  })
  return { taskIds: tasks.map((t) => t.row.id) }
}

/** Removes one participant of a countersign (at least one stays): the countersign no longer waits for them. */
export async function deleteMultiInstance(ctx: Ctx, input: { taskId?: string }) {
  const task = await openTask(ctx, input.taskId)
  const l = await countersignOf(ctx, task)
  const peers = l.open.filter((o) => o.id !== task.id && loopGroup(o.executionId) === loopGroup(task.executionId))
  const mine = peers.some((p) => p.assignee === ctx.actor.userId)
  if (!mine && !(await isWorkflowAdmin(ctx))) throw forbidden()
  running(l)
  if (!peers.length) throw conflict('workflow.lastParticipant')
  return finishTask(ctx, l, task, { action: 'deleteMultiInstance', vars: {}, counts: false, status: 'cancelled' })
}
