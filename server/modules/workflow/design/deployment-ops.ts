import { and, desc, eq, inArray, notInArray, type SQL } from 'drizzle-orm'
import { wfDeployment, wfInstance } from '../../../../db/schema/workflow.ts'
import type { Ctx } from '../../../lib/context.ts'
import { badRequest, conflict, notFound } from '../../../lib/errors.ts'
import { first } from '../../../lib/rows.ts'
import { now } from '../../../lib/time.ts'
import { transact } from '../../../lib/transaction.ts'
import { checkCategory } from './category-check.ts'
import './messages.ts'

/*
 * What both engines' screens do to deployed definitions (design/deployment, blade-flow/manager): remove, suspend or
 * activate, file under a category. A definition's id is `<processKey>:<version>:<id>`, not a plain number, so the
 * routes name them in the body and look them up here, within the bounds (scope and access) the route passes.
 */

/** Deployment ids as sent (a comma list or a list); 400 naming `field` when none or malformed. */
export function deploymentIds(v: unknown, field: string): string[] {
  const list = (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : [])
    .map((x) => x.trim())
    .filter(Boolean)
  if (!list.length || list.length > 200 || list.some((x) => x.length > 200))
    throw badRequest('workflow.design.deploymentIds', { field }, field)
  return [...new Set(list)]
}

/** The deployments named, all within `bound`; a 404 when any is not. */
export async function deploymentsIn(ctx: Ctx, bound: SQL, ids: string[]) {
  const rows = await ctx.db
    .select({ id: wfDeployment.id, processKey: wfDeployment.processKey, mainVersion: wfDeployment.mainVersion })
    .from(wfDeployment)
    .where(and(bound, inArray(wfDeployment.id, ids)))
  if (rows.length !== ids.length) throw notFound()
  return rows
}

/**
 * Removes deployed definitions. One with instances still running (or suspended) stays — they run on its XML — and
 * answers 409. A removed main version hands "main" to the latest remaining version of its process.
 */
export async function removeDeployments(ctx: Ctx, bound: SQL, ids: string[]) {
  const rows = await deploymentsIn(ctx, bound, ids)
  const stamp = now()
  await transact(ctx, async (tx) => {
    const running = await first(
      tx
        .select({ id: wfInstance.id })
        .from(wfInstance)
        .where(and(inArray(wfInstance.definitionId, ids), inArray(wfInstance.status, ['running', 'suspended']))),
    )
    if (running) throw conflict('workflow.design.deploymentInUse')
    await tx
      .update(wfDeployment)
      .set({ isDeleted: 1, mainVersion: 0, updateUser: ctx.actor.userId, updateTime: stamp })
      .where(inArray(wfDeployment.id, ids))
    for (const key of new Set(rows.filter((r) => r.mainVersion === 1).map((r) => r.processKey))) {
      const next = await first(
        tx
          .select({ id: wfDeployment.id })
          .from(wfDeployment)
          .where(and(bound, eq(wfDeployment.processKey, key), notInArray(wfDeployment.id, ids)))
          .orderBy(desc(wfDeployment.version))
          .limit(1),
      )
      if (next) await tx.update(wfDeployment).set({ mainVersion: 1 }).where(eq(wfDeployment.id, next.id))
    }
  })
  return { ids }
}

/** Suspends (2) or activates (1) a definition: a suspended one starts no new instance. */
export async function changeDeploymentStatus(ctx: Ctx, bound: SQL, id: string, status: number) {
  if (status !== 1 && status !== 2) throw badRequest('workflow.design.status', { field: 'status' }, 'status')
  await deploymentsIn(ctx, bound, [id])
  await transact(ctx, async (tx) => {
    await tx
      .update(wfDeployment)
      .set({ status, updateUser: ctx.actor.userId, updateTime: now() })
      .where(eq(wfDeployment.id, id))
  })
  return { id, status }
}

/** Files a definition under one of the school's categories. */
export async function changeDeploymentCategory(ctx: Ctx, bound: SQL, id: string, category: unknown) {
  await deploymentsIn(ctx, bound, [id])
  const categoryId = await checkCategory(ctx, category, 'category')
  await transact(ctx, async (tx) => {
    await tx
      .update(wfDeployment)
      .set({ categoryId, updateUser: ctx.actor.userId, updateTime: now() })
      .where(eq(wfDeployment.id, id))
  })
  return { id, categoryId }
}
