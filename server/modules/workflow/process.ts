/**
 * blade-workflow/process/*: what staff use every day — start a process, the work lists, a task's form and the
 * instance's detail with its diagram data, and the task operations. Every route is a declared action of one
 * resource (the factory's gate, body schema and permission matrix); the work is the runtime's operations
 * (engine/operations.ts) and its read side (engine/lists.ts), which check who may act on which task.
 */
import { and, desc, eq } from 'drizzle-orm'
import { publicRows } from '../../lib/tenant-rows.ts'
import { wfCategory, wfDeployment, wfForm } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { first } from '../../lib/rows.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { looseBody, type ActionInput } from '../../lib/resource-actions.ts'
import { defineResource } from '../../lib/resource.ts'
import { candidateKeys } from './engine/store.ts'
import * as ops from './engine/operations.ts'
import * as lists from './engine/lists.ts'
import { wfModelScope } from '../../../db/schema/index.ts'

/** The "My work" menus (db/reference/areas/workflow.ts): whoever has one of them works tasks. */
const WORK = ['work:start', 'work:claim', 'work:todo', 'work:send', 'work:done', 'work:copy']
/** Definitions, their forms and scopes are what the school offers every member of staff who works tasks. */
const STAFF = { why: 'the school offers its definitions and their forms to every member of staff who works tasks' }
const refused = () => false as const
const PAGING = looseBody('current', 'size', 'processDefinitionName', 'processDefinitionKey', 'businessId', 'category')
/** Fields of a task operation that are not form variables. */
const TASK_FIELDS = [
  'taskId',
  'processInstanceId',
  'comment',
  'pass',
  'flag',
  'variables',
  'assignee',
  'nodeId',
  'userIds',
  'assignees',
  'reason',
]

/** Form variables: `variables` when sent, else the body's own fields beside the operation's (as the forms post them). */
function variablesOf(input: ActionInput<unknown>): unknown {
  if (input.body.variables !== undefined) return input.body.variables
  const sent =
    input.sent && typeof input.sent === 'object' && !Array.isArray(input.sent)
      ? (input.sent as Record<string, unknown>)
      : {}
  return Object.fromEntries(
    Object.entries(sent).filter(([k]) => !TASK_FIELDS.includes(k) && !k.startsWith('processDefinition')),
  )
}
const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? undefined : String(v))

/** Definitions the caller may start: main versions, active, and the model's scope admits the caller. */
async function startable(ctx: Ctx, q: Record<string, string | undefined>) {
  const { current, size, offset } = parsePaging(q)
  const keys = await candidateKeys(ctx)
  const admin = await ops.isWorkflowAdmin(ctx)
  const cond = and(
    publicRows(wfDeployment, ctx.actor.tenantId, STAFF),
    eq(wfDeployment.mainVersion, 1),
    eq(wfDeployment.status, 1),
    q.category ? eq(wfDeployment.categoryId, q.category) : undefined,
  )
  const rows = await ctx.db
    .select({
      id: wfDeployment.id,
      processDefinitionId: wfDeployment.id,
      processDefinitionKey: wfDeployment.processKey,
      name: wfDeployment.name,
      version: wfDeployment.version,
      category: wfDeployment.categoryId,
      categoryName: wfCategory.name,
      icon: wfDeployment.icon,
      description: wfDeployment.description,
      formKey: wfDeployment.formKey,
      modelId: wfDeployment.modelId,
      deployTime: wfDeployment.deployTime,
    })
    .from(wfDeployment)
    .leftJoin(wfCategory, eq(wfCategory.id, wfDeployment.categoryId))
    .where(cond)
    .orderBy(desc(wfDeployment.id))
  const scopes = await ctx.db
    .select({ modelId: wfModelScope.modelId, type: wfModelScope.type, val: wfModelScope.val })
    .from(wfModelScope)
    .where(publicRows(wfModelScope, ctx.actor.tenantId, STAFF))
  const allowed = rows.filter((r) => {
    const mine = scopes.filter((s) => s.modelId === r.modelId)
    return admin || !mine.length || mine.some((s) => keys.some((k) => k.type === s.type && k.vals.includes(s.val)))
  })
  return pageOf(allowed.slice(offset, offset + size), allowed.length, current, size)
}

async function definitionBy(ctx: Ctx, by: { id?: string; key?: string }, field: string) {
  if (!by.id && !by.key) throw badRequest('workflow.processDefinitionId', { field }, field)
  const dep = await first(
    ctx.db
      .select()
      .from(wfDeployment)
      .where(
        and(
          publicRows(wfDeployment, ctx.actor.tenantId, STAFF),
          by.id
            ? eq(wfDeployment.id, by.id)
            : and(eq(wfDeployment.processKey, by.key!), eq(wfDeployment.mainVersion, 1)),
        ),
      ),
  )
  if (!dep) throw notFound()
  return dep
}

/** A definition's start form: the definition and the designed form its start event names (formKey). */
async function startForm(ctx: Ctx, by: { id?: string; key?: string }, field: string) {
  const dep = await definitionBy(ctx, by, field)
  const form = dep.formKey
    ? await first(
        ctx.db
          .select({
            id: wfForm.id,
            formKey: wfForm.formKey,
            name: wfForm.name,
            content: wfForm.content,
            version: wfForm.version,
          })
          .from(wfForm)
          .where(and(publicRows(wfForm, ctx.actor.tenantId, STAFF), eq(wfForm.formKey, dep.formKey))),
      )
    : undefined
  const { xml: _xml, ...process } = dep
  void _xml
  return {
    process: { ...process, processDefinitionId: dep.id, processDefinitionKey: dep.processKey },
    formKey: dep.formKey,
    form: form ?? null,
  }
}

export const processResource = defineResource({
  table: wfDeployment,
  path: '/api/blade-workflow/process',
  code: 'work',
  // Only the actions below: the lists are the caller's own work, the writes the runtime's operations.
  skip: ['list', 'page', 'detail', 'submit', 'remove'],
  access: { list: refused, detail: refused, add: refused, edit: refused, remove: refused },
  actions: {
    processList: { method: 'GET', button: 'work:start', body: PAGING, run: (ctx, { query }) => startable(ctx, query) },
    todoList: { method: 'GET', button: WORK, body: PAGING, run: (ctx, { query }) => lists.todoList(ctx, query) },
    claimList: { method: 'GET', button: WORK, body: PAGING, run: (ctx, { query }) => lists.claimList(ctx, query) },
    sendList: { method: 'GET', button: WORK, body: PAGING, run: (ctx, { query }) => lists.sendList(ctx, query) },
    doneList: { method: 'GET', button: WORK, body: PAGING, run: (ctx, { query }) => lists.doneList(ctx, query) },
    myDoneList: { method: 'GET', button: WORK, body: PAGING, run: (ctx, { query }) => lists.myDoneList(ctx, query) },
    copyList: { method: 'GET', button: WORK, body: PAGING, run: (ctx, { query }) => lists.copyList(ctx, query) },
    getFormByProcessId: {
      method: 'GET',
      button: WORK,
      body: looseBody('processId', 'processDefinitionId'),
      run: (ctx, { query }) => startForm(ctx, { id: query.processId ?? query.processDefinitionId }, 'processId'),
    },
    getFormByProcessDefKey: {
      method: 'GET',
      button: WORK,
      body: looseBody('processDefKey', 'processDefinitionKey'),
      run: (ctx, { query }) =>
        startForm(ctx, { key: query.processDefKey ?? query.processDefinitionKey }, 'processDefKey'),
    },
    getXmlByProcessDefId: {
      method: 'GET',
      button: WORK,
      body: looseBody('processDefId'),
      run: async (ctx, { query }) => (await definitionBy(ctx, { id: query.processDefId }, 'processDefId')).xml,
    },
    getXmlByProcessDefKey: {
      method: 'GET',
      button: WORK,
      body: looseBody('processDefKey'),
      run: async (ctx, { query }) => (await definitionBy(ctx, { key: query.processDefKey }, 'processDefKey')).xml,
    },
    // The instance (its history, variables, current tasks and the diagram's flow data) and, with taskId, that task.
    detail: {
      method: 'GET',
      button: WORK,
      body: looseBody('processInsId', 'processInstanceId', 'id', 'taskId'),
      run: async (ctx, { query }) => {
        const d = await lists.instanceDetail(ctx, query.processInsId ?? query.processInstanceId ?? query.id)
        return { ...d, task: query.taskId ? (d.tasks.find((t) => t.taskId === query.taskId) ?? null) : null }
      },
    },
    startProcess: {
      button: 'work:start',
      body: looseBody('processDefinitionId', 'variables', 'businessTable', 'businessId', 'name'),
      run: (ctx, input) =>
        ops.startProcess(ctx, {
          processDefinitionId: str(input.body.processDefinitionId) ?? '',
          variables: variablesOf(input),
          businessTable: str(input.body.businessTable),
          businessId: str(input.body.businessId),
          name: str(input.body.name),
        }),
    },
    startProcessByKey: {
      button: 'work:start',
      body: looseBody('processDefinitionKey', 'processDefKey', 'variables', 'businessTable', 'businessId', 'name'),
      run: (ctx, input) =>
        ops.startProcess(ctx, {
          processDefinitionKey: str(input.body.processDefinitionKey ?? input.body.processDefKey) ?? '',
          variables: variablesOf(input),
          businessTable: str(input.body.businessTable),
          businessId: str(input.body.businessId),
          name: str(input.body.name),
        }),
    },
    completeTask: {
      button: WORK,
      body: looseBody('taskId', 'processInstanceId', 'comment', 'pass', 'flag', 'variables'),
      run: (ctx, input) =>
        ops.completeTask(ctx, {
          taskId: str(input.body.taskId),
          pass: input.body.pass,
          flag: input.body.flag,
          comment: str(input.body.comment),
          variables: variablesOf(input),
        }),
    },
    transferTask: {
      button: WORK,
      body: looseBody('taskId', 'assignee', 'comment'),
      run: (ctx, { body }) =>
        ops.transferTask(ctx, { taskId: str(body.taskId), assignee: str(body.assignee), comment: str(body.comment) }),
    },
    delegateTask: {
      button: WORK,
      body: looseBody('taskId', 'assignee', 'comment'),
      run: (ctx, { body }) =>
        ops.delegateTask(ctx, { taskId: str(body.taskId), assignee: str(body.assignee), comment: str(body.comment) }),
    },
    // The task panel's Copy (cc): the task's worker or the initiator copies it to the users named; they find it
    // in copyList.
    copyTask: {
      button: WORK,
      body: looseBody('taskId', 'userIds', 'comment'),
      run: (ctx, { body }) =>
        ops.copyTask(ctx, { taskId: str(body.taskId), userIds: body.userIds, comment: str(body.comment) }),
    },
    claimTask: {
      button: WORK,
      body: looseBody('taskId'),
      run: (ctx, { body }) => ops.claimTask(ctx, { taskId: str(body.taskId) }),
    },
    getBackNodes: {
      method: 'GET',
      button: WORK,
      body: looseBody('taskId'),
      run: (ctx, { query }) => ops.getBackNodes(ctx, { taskId: query.taskId }),
    },
    rollbackTask: {
      button: WORK,
      body: looseBody('taskId', 'nodeId', 'comment'),
      run: (ctx, { body }) =>
        ops.rollbackTask(ctx, { taskId: str(body.taskId), nodeId: str(body.nodeId), comment: str(body.comment) }),
    },
    terminateProcess: {
      button: WORK,
      body: looseBody('taskId', 'processInstanceId', 'comment', 'reason'),
      run: (ctx, { body }) =>
        ops.terminateProcess(ctx, {
          taskId: str(body.taskId),
          processInstanceId: str(body.processInstanceId),
          comment: str(body.comment),
          reason: str(body.reason),
        }),
    },
    addMultiInstance: {
      button: WORK,
      body: looseBody('taskId', 'assignees', 'assignee'),
      run: (ctx, { body }) =>
        ops.addMultiInstance(ctx, { taskId: str(body.taskId), assignees: body.assignees ?? body.assignee }),
    },
    withdrawTask: {
      button: WORK,
      body: looseBody('processInstanceId', 'comment'),
      run: (ctx, { body }) =>
        ops.withdrawTask(ctx, { processInstanceId: str(body.processInstanceId), comment: str(body.comment) }),
    },
  },
})
