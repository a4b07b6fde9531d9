import { and, eq, inArray } from 'drizzle-orm'
import { Type } from '@sinclair/typebox'
import { user, wfDeployment, wfInstance } from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import { badRequest, notFound } from '../../../lib/errors.ts'
import { defineResource } from '../../../lib/resource.ts'
import { publicRows } from '../../../lib/tenant-rows.ts'
import { deleteProcess } from '../engine/operations.ts'
import { instanceDetail } from '../engine/lists.ts'
import { deploymentResource } from '../design/deployment.ts'

type Row = Record<string, unknown>

/** Instance rows in the classic engine's shape: BladeFlow's names, the initiator's name, whether it has ended. */
export async function asFlow(ctx: Ctx, rows: Row[]): Promise<Row[]> {
  const ids = [...new Set(rows.map((r) => String(r.initiator)))]
  const names = ids.length
    ? await ctx.db
        .select({ id: user.id, realName: user.realName })
        .from(user)
        .where(
          and(
            publicRows(user, ctx.actor.tenantId, { why: "an initiator's name beside their process" }),
            inArray(user.id, ids),
          ),
        )
    : []
  const byId = new Map(names.map((n) => [n.id, n.realName]))
  return rows.map((r) => ({
    ...r,
    processInstanceId: r.id,
    processDefinitionId: r.definitionId,
    processDefinitionKey: r.processKey,
    startUser: r.initiator,
    startUserName: byId.get(String(r.initiator)) ?? null,
    processIsFinished: r.status === 'finished' || r.status === 'terminated',
  }))
}

/**
 * The classic engine's process tracking (blade-flow/follow): the school's open instances for its administrators, and
 * the diagram routes of blade-flow/process — history-flow-list (who did what and when) and model-view (the XML and
 * the flow data the diagram colours) — which anyone taking part in an instance may read (the runtime checks).
 */
export const flowFollowResource = defineResource({
  table: wfInstance,
  path: '/api/blade-flow/follow',
  code: 'flow:follow',
  search: ['name'],
  filters: ['status', 'processKey', 'businessId', 'definitionId'],
  hidden: ['state'],
  skip: ['page', 'detail', 'submit', 'remove'],
  read: {
    // Tracking is of what has not ended — running and suspended instances (each with its status) — unless one
    // instance or a status is asked for.
    where: (_ctx, q) =>
      q.processInstanceId
        ? eq(wfInstance.id, q.processInstanceId)
        : and(
            q.processDefinitionKey ? eq(wfInstance.processKey, q.processDefinitionKey) : undefined,
            q.status ? undefined : inArray(wfInstance.status, ['running', 'suspended']),
          ),
    rows: asFlow,
  },
  actions: {
    'delete-process-instance': {
      button: 'delete',
      body: {
        processInstanceId: Type.String({ minLength: 1, maxLength: 20, error: 'workflow.processInstanceId' }),
        deleteReason: Type.Optional(Type.String({ maxLength: 500 })),
      },
      messages: { processInstanceId: 'workflow.processInstanceId' },
      run: (ctx, { body }) =>
        deleteProcess(ctx, {
          processInstanceId: String(body.processInstanceId),
          comment: body.deleteReason as string | undefined,
        }),
    },
    historyFlowList: {
      method: 'GET',
      path: '/api/blade-flow/process/history-flow-list',
      button: 'flow:follow',
      also: ['work'],
      body: { processInstanceId: Type.String({ minLength: 1, maxLength: 20, error: 'workflow.processInstanceId' }) },
      messages: { processInstanceId: 'workflow.processInstanceId' },
      run: async (ctx, { body }) => (await instanceDetail(ctx, String(body.processInstanceId))).history,
    },
    modelView: {
      method: 'GET',
      path: '/api/blade-flow/process/model-view',
      button: 'flow:follow',
      also: ['work'],
      body: {
        processInstanceId: Type.Optional(Type.String({ maxLength: 20 })),
        processDefinitionId: Type.Optional(Type.String({ maxLength: 200 })),
      },
      run: async (ctx, { body }) => {
        if (body.processInstanceId) {
          const d = await instanceDetail(ctx, String(body.processInstanceId))
          return { xml: d.xml, flow: d.flow }
        }
        if (!body.processDefinitionId)
          throw badRequest('workflow.processInstanceId', { field: 'processInstanceId' }, 'processInstanceId')
        return { xml: await definitionXml(ctx, String(body.processDefinitionId)), flow: [] }
      },
    },
  },
})

/** A definition's XML by its id, within the school (a definition has no instance yet: nothing to colour). */
async function definitionXml(ctx: Ctx, id: string): Promise<string> {
  const [row] = await ctx.db
    .select({ xml: wfDeployment.xml })
    .from(wfDeployment)
    .where(
      and(
        await deploymentResource.scope(ctx, {
          dataScope: false,
          why: 'any member of staff may see a definition they may start',
        }),
        eq(wfDeployment.id, id),
      ),
    )
  if (!row) throw notFound()
  return row.xml
}
