import { and, asc, desc, inArray } from 'drizzle-orm'
import { Type } from '@sinclair/typebox'
import { wfCategory, wfDeployment } from '../../../../db/schema/workflow.ts'
import { wfDeploymentFields } from '../../../../db/fields/workflow.ts'
import type { Ctx } from '../../../lib/context.ts'
import { looseBody } from '../../../lib/resource-actions.ts'
import { defineResource } from '../../../lib/resource.ts'
import { scope } from '../../../lib/scope.ts'
import { changeDeploymentCategory, changeDeploymentStatus, deploymentIds, removeDeployments } from './deployment-ops.ts'
import { deploymentStatistics, monthlyStatistics } from './statistics.ts'

type Row = Record<string, unknown>

/** Deployment rows with their category's name, one look-up per page. */
export async function withCategoryNames(ctx: Ctx, rows: Row[]): Promise<Row[]> {
  const ids = [...new Set(rows.map((r) => r.categoryId).filter((v): v is string => typeof v === 'string'))]
  const names = ids.length
    ? await ctx.db
        .select({ id: wfCategory.id, name: wfCategory.name })
        .from(wfCategory)
        .where(
          and(
            await scope(wfCategory, ctx, { dataScope: false, why: "a category's name shown beside what it files" }),
            inArray(wfCategory.id, ids),
          ),
        )
    : []
  const byId = new Map(names.map((n) => [n.id, n.name]))
  return rows.map((r) => ({ ...r, categoryName: byId.get(r.categoryId as string) ?? null }))
}

/**
 * Deployed process definitions (blade-workflow/design/deployment): one row per version, written only by deploy
 * (model/deploy, blade-flow). The list leaves the XML out (the diagram routes read it); the verbs take the
 * definition ids in the body. Statistics of the school's processes are read here too.
 */
export const deploymentResource = defineResource({
  table: wfDeployment,
  path: '/api/blade-workflow/design/deployment',
  code: 'workflow:design:deployment',
  search: ['name', 'processKey'],
  filters: ['categoryId', 'status', 'mainVersion', 'modelId'],
  fields: wfDeploymentFields,
  hidden: ['xml'],
  orderBy: (c) => [asc(c.processKey), desc(c.version)],
  skip: ['submit', 'detail', 'remove'],
  read: { rows: withCategoryNames, on: ['list', 'page'] },
  actions: {
    remove: {
      button: 'delete',
      body: looseBody('ids', 'deploymentId', 'deploymentIds'),
      run: async (ctx, { body }): Promise<unknown> =>
        removeDeployments(
          ctx,
          await deploymentResource.where(ctx, 'remove'),
          deploymentIds(body.deploymentId ?? body.deploymentIds ?? body.ids, 'deploymentId'),
        ),
    },
    changeStatus: {
      button: 'status',
      body: {
        id: Type.String({ minLength: 1, maxLength: 200 }),
        status: Type.Integer({ error: 'workflow.design.status' }),
      },
      run: async (ctx, { body }): Promise<unknown> =>
        changeDeploymentStatus(
          ctx,
          await deploymentResource.where(ctx, 'edit', ['workflow:design:deployment:status']),
          String(body.id),
          Number(body.status),
        ),
    },
    changeCategory: {
      button: 'category',
      body: { deploymentId: Type.String({ minLength: 1, maxLength: 200 }), category: Type.String({ maxLength: 20 }) },
      run: async (ctx, { body }): Promise<unknown> =>
        changeDeploymentCategory(
          ctx,
          await deploymentResource.where(ctx, 'edit', ['workflow:design:deployment:category']),
          String(body.deploymentId),
          body.category,
        ),
    },
    statisticsIndex: {
      method: 'GET',
      path: '/api/blade-workflow/design/statistics/index',
      button: 'workflow:statistics',
      run: (ctx) => deploymentStatistics(ctx),
    },
    statisticsBar: {
      method: 'GET',
      path: '/api/blade-workflow/design/statistics/bar',
      button: 'workflow:statistics',
      body: { months: Type.Optional(Type.Integer({ minimum: 1, maximum: 36 })) },
      run: (ctx, { body }) => monthlyStatistics(ctx, Number(body.months ?? 12)),
    },
  },
})
