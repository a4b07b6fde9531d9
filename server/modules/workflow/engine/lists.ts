/**
 * The read side of the runtime: work lists (todo, claim, sent, done, copied) are SQL over the task, instance and
 * copy rows — never walks through engine state — answered in blade-flow's BladeFlow shape, paged.
 */
import { aliasedTable, and, asc, count, desc, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { tenantRows } from '../../../lib/tenant-rows.ts'
import {
  user,
  wfCategory,
  wfCopy,
  wfDeployment,
  wfHistory,
  wfInstance,
  wfTask,
  wfTaskCandidate,
  wfVariable,
} from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import type { Db } from '../../../lib/db.ts'
import { prepared } from '../../../lib/prepared.ts'
import { forbidden } from '../../../lib/errors.ts'
import { contains } from '../../../lib/like.ts'
import { pageOf, parsePaging } from '../../../lib/paging.ts'
import { deployed } from './definitions.ts'
import { candidateKeys, isCandidate, isWorkflowAdmin, loadInstance, PARTICIPANTS } from './store.ts'

type Query = Record<string, string | undefined>

const assigneeUser = aliasedTable(user, 'assignee_user')
const startUser = aliasedTable(user, 'start_user')

const flowColumns = {
  taskId: wfTask.id,
  taskName: wfTask.name,
  taskDefinitionKey: wfTask.taskKey,
  assignee: wfTask.assignee,
  assigneeName: assigneeUser.realName,
  owner: wfTask.owner,
  delegation: wfTask.delegation,
  formKey: wfTask.formKey,
  createTime: wfTask.createTime,
  claimTime: wfTask.claimTime,
  endTime: wfTask.endTime,
  dueTime: wfTask.dueTime,
  suspended: wfTask.suspended,
  status: wfTask.status,
  action: wfTask.action,
  comment: wfTask.comment,
  processInstanceId: wfInstance.id,
  processInstanceName: wfInstance.name,
  processInstanceStatus: wfInstance.status,
  businessTable: wfInstance.businessTable,
  businessId: wfInstance.businessId,
  startUser: wfInstance.initiator,
  startUsername: startUser.realName,
  processStartTime: wfInstance.startTime,
  processEndTime: wfInstance.endTime,
  processDefinitionId: wfDeployment.id,
  processDefinitionKey: wfDeployment.processKey,
  processDefinitionName: wfDeployment.name,
  processDefinitionVersion: wfDeployment.version,
  category: wfDeployment.categoryId,
  categoryName: wfCategory.name,
}

const finishedOf = (status: string | null) => status === 'finished' || status === 'terminated'

/** Filters every list takes: the definition's name or key, the business id. */
function filters(q: Query): SQL[] {
  const out: SQL[] = []
  if (q.processDefinitionName) out.push(contains(wfDeployment.name, q.processDefinitionName))
  if (q.processDefinitionKey) out.push(eq(wfDeployment.processKey, q.processDefinitionKey))
  if (q.businessId) out.push(eq(wfInstance.businessId, q.businessId))
  if (q.category) out.push(eq(wfDeployment.categoryId, q.category))
  return out
}

/** Every list's rows: the task with its instance, definition, category and the two people's names. */
const joined = (db: Db) =>
  db
    .select(flowColumns)
    .from(wfTask)
    .innerJoin(wfInstance, eq(wfInstance.id, wfTask.instanceId))
    .innerJoin(wfDeployment, eq(wfDeployment.id, wfTask.definitionId))
    .leftJoin(wfCategory, eq(wfCategory.id, wfDeployment.categoryId))
    .leftJoin(assigneeUser, eq(assigneeUser.id, wfTask.assignee))
    .leftJoin(startUser, eq(startUser.id, wfInstance.initiator))

type FlowRow = Awaited<ReturnType<ReturnType<typeof joined>['all']>>[number]

const flowPage = (rows: FlowRow[], total: number, current: number, size: number) =>
  pageOf(
    rows.map((r) => ({ ...r, processIsFinished: finishedOf(r.processInstanceStatus) })),
    total,
    current,
    size,
  )

async function taskPage(ctx: Ctx, q: Query, where: SQL, order: SQL[]) {
  const { current, size, offset } = parsePaging(q)
  const filtered = filters(q)
  const cond = and(tenantRows(wfTask, ctx.actor.tenantId, PARTICIPANTS), where, ...filtered)
  const rows = await joined(ctx.db)
    .where(cond)
    .orderBy(...order)
    .limit(size)
    .offset(offset)
  // Every task has its instance and deployment (neither row is ever deleted), so without a filter on them the total
  // is the task rows alone: counted in the index, not by joining each of them (a tenth of the to-do list's time).
  const counted = ctx.db.select({ total: count() }).from(wfTask)
  const [{ total }] = await (filtered.length
    ? counted
        .innerJoin(wfInstance, eq(wfInstance.id, wfTask.instanceId))
        .innerJoin(wfDeployment, eq(wfDeployment.id, wfTask.definitionId))
        .where(cond)
    : counted.where(cond))
  return flowPage(rows, Number(total), current, size)
}

/**
 * The to-do list without filters — what every approver opens, and what the work screens poll — compiled once per
 * database (prepared.ts): drizzle building this six-table query anew took as much CPU as SQLite running it.
 */
const todoStatements = (db: Db) =>
  prepared(db, 'wf.todo', (d) => {
    const mine = and(
      tenantRows(wfTask, sql.placeholder('tenantId'), PARTICIPANTS),
      eq(wfTask.status, 'todo'),
      eq(wfTask.assignee, sql.placeholder('userId')),
    )
    return {
      rows: joined(d)
        .where(mine)
        .orderBy(desc(wfTask.id))
        .limit(sql.placeholder('size'))
        .offset(sql.placeholder('offset'))
        .prepare(),
      total: d.select({ total: count() }).from(wfTask).where(mine).prepare(),
    }
  })

/** Tasks assigned to the caller, open. */
export async function todoList(ctx: Ctx, q: Query) {
  if (filters(q).length)
    return taskPage(ctx, q, and(eq(wfTask.status, 'todo'), eq(wfTask.assignee, ctx.actor.userId))!, [desc(wfTask.id)])
  const { current, size, offset } = parsePaging(q)
  const who = { tenantId: ctx.actor.tenantId, userId: ctx.actor.userId }
  const st = todoStatements(ctx.db)
  const rows = await st.rows.execute({ ...who, size, offset })
  const [{ total }] = await st.total.execute(who)
  return flowPage(rows, Number(total), current, size)
}

/** Unassigned open tasks the caller is a candidate for (by user, role or department). */
export async function claimList(ctx: Ctx, q: Query) {
  const keys = await candidateKeys(ctx)
  const candidate = exists(
    ctx.db
      .select({ one: sql`1` })
      .from(wfTaskCandidate)
      .where(
        and(
          eq(wfTaskCandidate.taskId, wfTask.id),
          or(...keys.map((k) => and(eq(wfTaskCandidate.type, k.type), inArray(wfTaskCandidate.val, k.vals)))),
        ),
      ),
  )
  return taskPage(ctx, q, and(eq(wfTask.status, 'todo'), isNull(wfTask.assignee), candidate)!, [desc(wfTask.id)])
}

/** Tasks the caller finished (completed, rejected). */
export const doneList = (ctx: Ctx, q: Query) =>
  taskPage(ctx, q, and(eq(wfTask.status, 'done'), eq(wfTask.assignee, ctx.actor.userId))!, [
    desc(wfTask.endTime),
    desc(wfTask.id),
  ])

async function instancePage(ctx: Ctx, q: Query, where: SQL) {
  const { current, size, offset } = parsePaging(q)
  const cond = and(tenantRows(wfInstance, ctx.actor.tenantId, PARTICIPANTS), where, ...filters(q))
  const rows = await ctx.db
    .select({
      processInstanceId: wfInstance.id,
      processInstanceName: wfInstance.name,
      processInstanceStatus: wfInstance.status,
      businessTable: wfInstance.businessTable,
      businessId: wfInstance.businessId,
      startUser: wfInstance.initiator,
      startUsername: startUser.realName,
      createTime: wfInstance.startTime,
      endTime: wfInstance.endTime,
      endReason: wfInstance.endReason,
      processDefinitionId: wfDeployment.id,
      processDefinitionKey: wfDeployment.processKey,
      processDefinitionName: wfDeployment.name,
      processDefinitionVersion: wfDeployment.version,
      category: wfDeployment.categoryId,
      categoryName: wfCategory.name,
    })
    .from(wfInstance)
    .innerJoin(wfDeployment, eq(wfDeployment.id, wfInstance.definitionId))
    .leftJoin(wfCategory, eq(wfCategory.id, wfDeployment.categoryId))
    .leftJoin(startUser, eq(startUser.id, wfInstance.initiator))
    .where(cond)
    .orderBy(desc(wfInstance.id))
    .limit(size)
    .offset(offset)
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(wfInstance)
    .innerJoin(wfDeployment, eq(wfDeployment.id, wfInstance.definitionId))
    .where(cond)
  // The current tasks' names, one query for the page.
  const ids = rows.map((r) => r.processInstanceId)
  const open = ids.length
    ? await ctx.db
        .select({ instanceId: wfTask.instanceId, name: wfTask.name, taskId: wfTask.id })
        .from(wfTask)
        .where(and(inArray(wfTask.instanceId, ids), eq(wfTask.status, 'todo')))
        .orderBy(asc(wfTask.id))
    : []
  return pageOf(
    rows.map((r) => {
      const cur = open.filter((o) => o.instanceId === r.processInstanceId)
      return {
        ...r,
        processIsFinished: finishedOf(r.processInstanceStatus),
        taskName: [...new Set(cur.map((c) => c.name))].join(','),
        taskId: cur[0]?.taskId ?? null,
      }
    }),
    Number(total),
    current,
    size,
  )
}

/** Instances the caller started. */
export const sendList = (ctx: Ctx, q: Query) => instancePage(ctx, q, eq(wfInstance.initiator, ctx.actor.userId))

/** Instances the caller started that have ended. */
export const myDoneList = (ctx: Ctx, q: Query) =>
  instancePage(
    ctx,
    q,
    and(eq(wfInstance.initiator, ctx.actor.userId), inArray(wfInstance.status, ['finished', 'terminated']))!,
  )

/** Instances copied to the caller. */
export const copyList = (ctx: Ctx, q: Query) =>
  instancePage(
    ctx,
    q,
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(wfCopy)
        .where(and(eq(wfCopy.instanceId, wfInstance.id), eq(wfCopy.userId, ctx.actor.userId))),
    ),
  )

/** May the caller read this instance: a participant (initiator, assignee or candidate of a task, copied) or an administrator. */
export async function mayRead(ctx: Ctx, instanceId: string, initiator: string): Promise<boolean> {
  if (initiator === ctx.actor.userId) return true
  const tasks = await ctx.db
    .select({ id: wfTask.id, assignee: wfTask.assignee, owner: wfTask.owner })
    .from(wfTask)
    .where(eq(wfTask.instanceId, instanceId))
  if (tasks.some((t) => t.assignee === ctx.actor.userId || t.owner === ctx.actor.userId)) return true
  const copied = await ctx.db
    .select({ id: wfCopy.id })
    .from(wfCopy)
    .where(and(eq(wfCopy.instanceId, instanceId), eq(wfCopy.userId, ctx.actor.userId)))
  if (copied.length) return true
  for (const t of tasks) if (!t.assignee && (await isCandidate(ctx, t.id))) return true
  return isWorkflowAdmin(ctx)
}

/**
 * One instance as the detail screen shows it: the instance, its variables, its history (who did what and when),
 * the current tasks, and the diagram's flow data — finished and current nodes and the flows taken
 * (historyActivityType as recorded, sequenceFlow for flows; no endTime = current) plus the next nodes as
 * `candidate`.
 */
export async function instanceDetail(ctx: Ctx, processInstanceId: string | undefined) {
  const l = await loadInstance(ctx, processInstanceId)
  if (!(await mayRead(ctx, l.inst.id, l.inst.initiator))) throw forbidden()
  const who = aliasedTable(user, 'who')
  const history = await ctx.db
    .select({
      id: wfHistory.id,
      historyActivityId: wfHistory.activityId,
      historyActivityName: wfHistory.activityName,
      historyActivityType: wfHistory.activityType,
      taskId: wfHistory.taskId,
      assignee: wfHistory.assignee,
      assigneeName: who.realName,
      action: wfHistory.action,
      comment: wfHistory.comment,
      createTime: wfHistory.startTime,
      endTime: wfHistory.endTime,
    })
    .from(wfHistory)
    .leftJoin(who, eq(who.id, wfHistory.assignee))
    .where(eq(wfHistory.instanceId, l.inst.id))
    .orderBy(asc(wfHistory.id))
  const { graph } = await deployed(l.dep.id, l.dep.xml)
  const nodes = history.filter((h) => h.historyActivityType !== 'action')
  const current = new Set(l.open.map((o) => o.taskKey))
  const candidates = [...current].flatMap((k) => graph.flows.filter((f) => f.sourceId === k).map((f) => f.targetId))
  const flow = [
    ...nodes.map((h) => ({
      historyActivityId: h.historyActivityId,
      historyActivityName: h.historyActivityName,
      historyActivityType: h.historyActivityType,
      endTime: h.endTime,
    })),
    ...[...new Set(candidates)].map((id) => ({
      historyActivityId: id,
      historyActivityName: graph.nodes.get(id)?.name ?? null,
      historyActivityType: 'candidate',
      endTime: null,
    })),
  ]
  const vars = await ctx.db
    .select({ name: wfVariable.name, value: wfVariable.value })
    .from(wfVariable)
    .where(eq(wfVariable.instanceId, l.inst.id))
  const { state: _state, ...inst } = l.inst
  void _state
  return {
    process: {
      ...inst,
      processInstanceId: inst.id,
      processDefinitionId: l.dep.id,
      processDefinitionKey: l.dep.processKey,
      processDefinitionName: l.dep.name,
      processDefinitionVersion: l.dep.version,
      processIsFinished: finishedOf(inst.status),
    },
    variables: Object.fromEntries(vars.map((v) => [v.name, JSON.parse(v.value) as unknown])),
    tasks: l.open.map((o) => ({
      taskId: o.id,
      taskName: o.name,
      taskDefinitionKey: o.taskKey,
      assignee: o.assignee,
      owner: o.owner,
      delegation: o.delegation,
      formKey: o.formKey,
      createTime: o.createTime,
      suspended: o.suspended,
    })),
    history: history.map(({ id: _id, ...h }) => h),
    flow,
    xml: l.dep.xml,
  }
}
