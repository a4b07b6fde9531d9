/**
 * Operations on who holds a task, which do not move the engine: claim, transfer, delegate, copy, urge, suspend and
 * activate, change assignee, dispatch. Each is a conditional update of the task (0 rows → 409: someone else acted
 * first) with its history row in the same transaction.
 */
import { and, eq, isNull } from 'drizzle-orm'
import { user, wfCopy, wfTask } from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import { badRequest, conflict, forbidden } from '../../../lib/errors.ts'
import { newId } from '../../../lib/ids.ts'
import { t as tr } from '../../../lib/messages.ts'
import { changed, first } from '../../../lib/rows.ts'
import { now } from '../../../lib/time.ts'
import { withTransaction } from '../../../lib/transaction.ts'
import { sendMessage } from '../../message/send.ts'
import { mailUsers } from '../../mail/appliance-mail.ts'
import { COPY, URGE } from '../../mail/appliance-templates.ts'
import {
  bumpVersion,
  isCandidate,
  isWorkflowAdmin,
  loadInstance,
  loadTask,
  openTask,
  schoolUser,
  writeHistory,
  type TaskRow,
} from './store.ts'

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

/** One conditional task update and its history row; 0 rows → 409 with `clash`. */
async function change(
  ctx: Ctx,
  task: TaskRow,
  set: Partial<TaskRow>,
  guard: ReturnType<typeof and>,
  action: string,
  comment: string | null,
  clash = 'workflow.taskDone',
) {
  await withTransaction(ctx.db, async (tx) => {
    const n = changed(
      await tx
        .update(wfTask)
        .set(set)
        .where(and(eq(wfTask.id, task.id), eq(wfTask.status, 'todo'), guard)),
    )
    if (!n) throw conflict(clash)
    await writeHistory(tx, { id: task.instanceId, tenantId: task.tenantId }, [
      {
        activityId: task.taskKey,
        activityName: task.name,
        activityType: 'action',
        taskId: task.id,
        assignee: ctx.actor.userId,
        action,
        comment,
      },
    ])
  })
  return true
}

/** The acting user as a reminder or copy names them: real name, else account. */
async function nameOf(ctx: Ctx): Promise<string> {
  const me = await first(
    ctx.db.select({ realName: user.realName, account: user.account }).from(user).where(eq(user.id, ctx.actor.userId)),
  )
  return me?.realName || me?.account || ctx.actor.account
}

/** A candidate takes an unassigned task; a second claim finds it taken (409). */
export async function claimTask(ctx: Ctx, input: { taskId?: string }) {
  const task = await openTask(ctx, input.taskId)
  if (task.assignee) throw conflict('workflow.taskClaimed')
  if (!(await isCandidate(ctx, task.id)) && !(await isWorkflowAdmin(ctx))) throw forbidden()
  return change(
    ctx,
    task,
    { assignee: ctx.actor.userId, claimTime: now() },
    isNull(wfTask.assignee),
    'claim',
    null,
    'workflow.taskClaimed',
  )
}

/** Hands a task to someone else, who completes it (Flowable's setAssignee): its assignee or an administrator. */
export async function transferTask(ctx: Ctx, input: { taskId?: string; assignee?: string; comment?: string }) {
  const task = await openTask(ctx, input.taskId)
  if (task.assignee !== ctx.actor.userId && !(await isWorkflowAdmin(ctx))) throw forbidden()
  const to = await schoolUser(ctx, input.assignee, 'assignee')
  return change(
    ctx,
    task,
    { assignee: to, delegation: null },
    task.assignee ? eq(wfTask.assignee, task.assignee) : isNull(wfTask.assignee),
    'transfer',
    text(input.comment) || null,
  )
}

/** Delegates a task: the owner stays, the delegate resolves it and it comes back (resolveTask). */
export async function delegateTask(ctx: Ctx, input: { taskId?: string; assignee?: string; comment?: string }) {
  const task = await openTask(ctx, input.taskId)
  if (task.assignee !== ctx.actor.userId && !(await isWorkflowAdmin(ctx))) throw forbidden()
  if (task.delegation === 'pending') throw conflict('workflow.delegationPending')
  const to = await schoolUser(ctx, input.assignee, 'assignee')
  return change(
    ctx,
    task,
    { owner: task.assignee ?? ctx.actor.userId, assignee: to, delegation: 'pending' },
    task.assignee ? eq(wfTask.assignee, task.assignee) : isNull(wfTask.assignee),
    'delegate',
    text(input.comment) || null,
  )
}

/** Copies (cc) a task to users of the school: it shows in their copy list, and they get the school's copy mail. */
export async function copyTask(ctx: Ctx, input: { taskId?: string; userIds?: unknown; comment?: string }) {
  const task = await loadTask(ctx, input.taskId)
  const l = await loadInstance(ctx, task.instanceId)
  const mine =
    task.assignee === ctx.actor.userId || l.inst.initiator === ctx.actor.userId || (await isCandidate(ctx, task.id))
  if (!mine && !(await isWorkflowAdmin(ctx))) throw forbidden()
  const raw = Array.isArray(input.userIds) ? input.userIds : String(input.userIds ?? '').split(',')
  const ids: string[] = []
  for (const u of raw.map((x) => String(x).trim()).filter(Boolean)) ids.push(await schoolUser(ctx, u, 'userIds'))
  if (!ids.length) throw badRequest('validation.required', { field: 'userIds' }, 'userIds')
  const stamp = now()
  await withTransaction(ctx.db, async (tx) => {
    await tx.insert(wfCopy).values(
      [...new Set(ids)].map((userId) => ({
        id: newId(),
        tenantId: task.tenantId,
        instanceId: task.instanceId,
        taskId: task.id,
        userId,
        fromUser: ctx.actor.userId,
        createTime: stamp,
      })),
    )
    await writeHistory(tx, l.inst, [
      {
        activityId: task.taskKey,
        activityName: task.name,
        activityType: 'action',
        taskId: task.id,
        assignee: ctx.actor.userId,
        action: 'copy',
        comment: text(input.comment) || ids.join(','),
      },
    ])
  })
  const from = await nameOf(ctx)
  await mailUsers(ctx.db, {
    actor: ctx.actor,
    code: COPY,
    lang: ctx.lang,
    to: [...new Set(ids)].map((userId) => ({ userId, values: { process: l.inst.name, task: task.name, from } })),
  })
  return true
}

/** Reminds a task's assignee through the message bell and the school's reminder mail: the initiator or an administrator. */
export async function urgeTask(ctx: Ctx, input: { taskId?: string; comment?: string }) {
  const task = await openTask(ctx, input.taskId)
  const l = await loadInstance(ctx, task.instanceId)
  if (l.inst.initiator !== ctx.actor.userId && !(await isWorkflowAdmin(ctx))) throw forbidden()
  if (!task.assignee) throw conflict('workflow.taskClaimed')
  const from = await nameOf(ctx)
  await sendMessage(ctx, {
    type: 1,
    title: tr(ctx.lang, 'workflow.urgeTitle', { name: l.inst.name }).slice(0, 100),
    content: text(input.comment) || tr(ctx.lang, 'workflow.urgeContent', { from, task: task.name, name: l.inst.name }),
    receivers: task.assignee,
  })
  await withTransaction(ctx.db, (tx) =>
    writeHistory(tx, l.inst, [
      {
        activityId: task.taskKey,
        activityName: task.name,
        activityType: 'action',
        taskId: task.id,
        assignee: ctx.actor.userId,
        action: 'urge',
        comment: text(input.comment) || null,
      },
    ]),
  )
  await mailUsers(ctx.db, {
    actor: ctx.actor,
    code: URGE,
    lang: ctx.lang,
    to: [{ userId: task.assignee, values: { process: l.inst.name, task: task.name, from } }],
  })
  return true
}

/** Suspends or activates a task's instance (an administrator): its open tasks cannot be worked while suspended. */
export async function changeTaskStatus(
  ctx: Ctx,
  input: { taskId?: string; processInstanceId?: string; status?: unknown },
) {
  if (!(await isWorkflowAdmin(ctx))) throw forbidden()
  const id = input.processInstanceId || (await loadTask(ctx, input.taskId)).instanceId
  const l = await loadInstance(ctx, id)
  const s = String(input.status ?? '')
  const suspend = s === 'suspended' || s === 'suspend' || s === '2'
  if (!suspend && !(s === 'active' || s === 'activate' || s === '1'))
    throw badRequest('validation.invalid', { field: 'status' }, 'status')
  if (l.inst.status !== (suspend ? 'running' : 'suspended')) throw conflict('workflow.notRunning')
  await withTransaction(ctx.db, async (tx) => {
    await bumpVersion(tx, l.inst, { status: suspend ? 'suspended' : 'running' })
    await tx
      .update(wfTask)
      .set({ suspended: suspend ? 1 : 0 })
      .where(and(eq(wfTask.instanceId, l.inst.id), eq(wfTask.status, 'todo')))
    await writeHistory(tx, l.inst, [
      {
        activityId: l.inst.processKey,
        activityType: 'action',
        assignee: ctx.actor.userId,
        action: suspend ? 'suspend' : 'activate',
      },
    ])
  })
  return true
}

/** An administrator replaces a task's assignee. */
export async function changeTaskAssignee(ctx: Ctx, input: { taskId?: string; assignee?: string; comment?: string }) {
  if (!(await isWorkflowAdmin(ctx))) throw forbidden()
  const task = await openTask(ctx, input.taskId)
  const to = await schoolUser(ctx, input.assignee, 'assignee')
  return change(
    ctx,
    task,
    { assignee: to, delegation: null, owner: null },
    task.assignee ? eq(wfTask.assignee, task.assignee) : isNull(wfTask.assignee),
    'changeAssignee',
    text(input.comment) || null,
  )
}

/** An administrator hands an unclaimed task to a user (dispatch). */
export async function dispatchTask(ctx: Ctx, input: { taskId?: string; assignee?: string; comment?: string }) {
  if (!(await isWorkflowAdmin(ctx))) throw forbidden()
  const task = await openTask(ctx, input.taskId)
  if (task.assignee) throw conflict('workflow.taskClaimed')
  const to = await schoolUser(ctx, input.assignee, 'assignee')
  return change(
    ctx,
    task,
    { assignee: to, claimTime: now() },
    isNull(wfTask.assignee),
    'dispatch',
    text(input.comment) || null,
    'workflow.taskClaimed',
  )
}
