import { and, desc, eq, inArray, type SQL } from 'drizzle-orm'
import { user, wfInstance, wfTask } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import type { Page } from '../../lib/envelope.ts'
import { badRequest, forbidden } from '../../lib/errors.ts'
import { isId } from '../../lib/ids.ts'
import { pageRows } from '../../lib/page-query.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { looseBody, type ActionInput } from '../../lib/resource-actions.ts'
import { defineResource } from '../../lib/resource.ts'
import { scope } from '../../lib/scope.ts'
import { publicRows } from '../../lib/tenant-rows.ts'
import * as op from './engine/operations.ts'
import { asFlow } from './flow/follow.ts'

type Row = Record<string, unknown>
type Task = typeof wfTask.$inferSelect

/** Task rows in BladeFlow's names, with the assignee's and instance's names: one look-up each per page. */
async function asFlowTasks(ctx: Ctx, rows: Row[]): Promise<Row[]> {
  const users = [...new Set(rows.map((r) => r.assignee).filter((v): v is string => typeof v === 'string'))]
  const instances = [...new Set(rows.map((r) => String(r.instanceId)))]
  const names = users.length
    ? await ctx.db
        .select({ id: user.id, realName: user.realName })
        .from(user)
        .where(
          and(
            publicRows(user, ctx.actor.tenantId, { why: "an assignee's name beside their task" }),
            inArray(user.id, users),
          ),
        )
    : []
  const insts = instances.length
    ? await ctx.db
        .select({
          id: wfInstance.id,
          name: wfInstance.name,
          processKey: wfInstance.processKey,
          status: wfInstance.status,
        })
        .from(wfInstance)
        .where(and(await scope(wfInstance, ctx, { code: 'workflow:ops' }), inArray(wfInstance.id, instances)))
    : []
  const userName = new Map(names.map((n) => [n.id, n.realName]))
  const inst = new Map(insts.map((i) => [i.id, i]))
  return rows.map((r) => {
    const i = inst.get(String(r.instanceId))
    return {
      ...r,
      taskId: r.id,
      taskName: r.name,
      taskDefinitionKey: r.taskKey,
      assigneeName: userName.get(String(r.assignee)) ?? null,
      processInstanceId: r.instanceId,
      processInstanceName: i?.name ?? null,
      processDefinitionId: r.definitionId,
      processDefinitionKey: i?.processKey ?? null,
      processIsFinished: i ? i.status === 'finished' || i.status === 'terminated' : null,
    }
  })
}

/** Ops are the school administrator's (or the platform's): a role granted the menu alone is still refused. */
const adminOnly =
  <R>(run: (ctx: Ctx, input: ActionInput<Task>) => Promise<R>) =>
  async (ctx: Ctx, input: ActionInput<Task>): Promise<R> => {
    if (!(await op.isWorkflowAdmin(ctx))) throw forbidden()
    return run(ctx, input)
  }

/** A page of the school's tasks in the given state (and the query's filters). */
const tasks = (
  status: string,
  more?: (q: Record<string, string | undefined>) => SQL,
): ((ctx: Ctx, input: ActionInput<Task>) => Promise<unknown>) =>
  adminOnly(async (ctx, { query }) => {
    const page: Page<Task> = await opsResource.ops.page(ctx, query, and(eq(wfTask.status, status), more?.(query)))
    return { ...page, records: await asFlowTasks(ctx, page.records as Row[]) }
  })

/** An operation taking the body as sent: the runtime checks each field (400 naming it) and who may act. */
const passOn = (fn: (ctx: Ctx, input: never) => Promise<unknown>, ...fields: string[]) => ({
  button: 'handle',
  body: looseBody(...fields),
  run: adminOnly((ctx, { body }) => fn(ctx, body as never)),
})

/**
 * Workflow operations (blade-workflow/ops): what a school's administrator uses to see every task and instance and
 * to fix stuck ones — complete, reassign, transfer, delegate, copy, urge, suspend, send back, dispatch, change a
 * countersign, terminate, delete, and see a user's tasks (proxy). Each calls the runtime's operation, which checks
 * the caller again and records who acted in the instance's history.
 */
export const opsResource = defineResource({
  table: wfTask,
  path: '/api/blade-workflow/ops',
  code: 'workflow:ops',
  search: ['name'],
  filters: ['assignee', 'taskKey', 'instanceId', 'definitionId'],
  skip: ['list', 'page', 'detail', 'submit', 'remove'],
  access: { list: (ctx) => op.isWorkflowAdmin(ctx) },
  actions: {
    list: { method: 'GET', button: 'workflow:ops', run: tasks('todo') },
    doneList: { method: 'GET', button: 'workflow:ops', run: tasks('done') },
    proxy: {
      method: 'GET',
      button: 'workflow:ops',
      body: looseBody('userId'),
      run: tasks('todo', (q) => {
        if (!isId(q.userId)) throw badRequest('validation.id', { field: 'userId' }, 'userId')
        return eq(wfTask.assignee, q.userId)!
      }),
    },
    processList: {
      method: 'GET',
      button: 'workflow:ops',
      run: adminOnly(async (ctx, { query }) => {
        const { current, size, offset } = parsePaging(query)
        const where = and(
          await scope(wfInstance, ctx, { code: 'workflow:ops' }),
          query.status ? eq(wfInstance.status, query.status) : undefined,
          query.processDefinitionKey ? eq(wfInstance.processKey, query.processDefinitionKey) : undefined,
        )
        const { rows, total } = await pageRows(
          ctx.db,
          { table: wfInstance, where, orderBy: [desc(wfInstance.id)], omit: ['state'] },
          size,
          offset,
        )
        return pageOf(await asFlow(ctx, rows as Row[]), total, current, size)
      }),
    },
    processNodes: {
      method: 'GET',
      button: 'workflow:ops',
      body: looseBody('taskId'),
      run: adminOnly((ctx, { body }) => op.getBackNodes(ctx, { taskId: body.taskId as string | undefined })),
    },
    completeTask: passOn(op.completeTask, 'taskId', 'processInstanceId', 'pass', 'flag', 'comment', 'variables'),
    changeTaskStatus: passOn(op.changeTaskStatus, 'taskId', 'processInstanceId', 'status'),
    changeTaskAssignee: passOn(op.changeTaskAssignee, 'taskId', 'assignee', 'comment'),
    transferTask: passOn(op.transferTask, 'taskId', 'assignee', 'comment'),
    delegateTask: passOn(op.delegateTask, 'taskId', 'assignee', 'comment'),
    copyTask: passOn(op.copyTask, 'taskId', 'userIds', 'comment'),
    urgeTask: passOn(op.urgeTask, 'taskId', 'comment'),
    rollbackTask: passOn(op.rollbackTask, 'taskId', 'nodeId', 'comment'),
    dispatchTask: passOn(op.dispatchTask, 'taskId', 'assignee', 'comment'),
    addMultiInstance: passOn(op.addMultiInstance, 'taskId', 'assignees'),
    deleteMultiInstance: passOn(op.deleteMultiInstance, 'taskId'),
    terminateProcess: {
      ...passOn(op.terminateProcess, 'processInstanceId', 'taskId', 'comment', 'reason'),
      button: 'terminate',
    },
    deleteProcess: { ...passOn(op.deleteProcess, 'processInstanceId', 'comment'), button: 'delete' },
  },
})
