import { and, eq } from 'drizzle-orm'
import { Type } from '@sinclair/typebox'
import { wfDeployment } from '../../../../db/schema/workflow.ts'
import { wfDeploymentFields } from '../../../../db/fields/workflow.ts'
import { looseBody } from '../../../lib/resource-actions.ts'
import { defineResource } from '../../../lib/resource.ts'
import { claimTask, completeTask } from '../engine/operations.ts'
import { claimList, doneList, sendList, todoList } from '../engine/lists.ts'
import { withCategoryNames } from '../design/deployment.ts'

/**
 * The classic engine's work (blade-flow/work): the definitions the caller may start (main versions, active), the
 * task lists (SQL over the runtime's rows), and claiming and completing a task through the runtime's operations,
 * which check who may act. Each list belongs to its "My work" menu.
 */
export const flowWorkResource = defineResource({
  table: wfDeployment,
  path: '/api/blade-flow/work',
  // The "My work" menu: its own code carries no data scope (work:start's "own rows" are the leave requests').
  code: 'work',
  search: ['name', 'processKey'],
  filters: ['categoryId'],
  fields: wfDeploymentFields,
  hidden: ['xml'],
  skip: ['list', 'page', 'detail', 'submit', 'remove'],
  actions: {
    'start-list': {
      method: 'GET',
      button: 'work:start',
      run: async (ctx, { query }): Promise<unknown> => {
        const page = await flowWorkResource.ops.page(
          ctx,
          { ...query, categoryId: query.category ?? query.categoryId },
          and(eq(wfDeployment.mainVersion, 1), eq(wfDeployment.status, 1)),
        )
        return { ...page, records: await withCategoryNames(ctx, page.records) }
      },
    },
    'claim-list': { method: 'GET', button: 'work:claim', run: (ctx, { query }) => claimList(ctx, query) },
    'todo-list': { method: 'GET', button: 'work:todo', run: (ctx, { query }) => todoList(ctx, query) },
    'send-list': { method: 'GET', button: 'work:send', run: (ctx, { query }) => sendList(ctx, query) },
    'done-list': { method: 'GET', button: 'work:done', run: (ctx, { query }) => doneList(ctx, query) },
    'claim-task': {
      button: 'work:claim',
      body: { taskId: Type.String({ minLength: 1, maxLength: 20, error: 'workflow.taskId' }) },
      messages: { taskId: 'workflow.taskId' },
      run: (ctx, { body }) => claimTask(ctx, { taskId: String(body.taskId) }),
    },
    'complete-task': {
      button: ['work:todo', 'work:claim'],
      body: looseBody('taskId', 'processInstanceId', 'pass', 'flag', 'comment', 'variables'),
      run: (ctx, { body }) => completeTask(ctx, body as Parameters<typeof completeTask>[1]),
    },
  },
})
