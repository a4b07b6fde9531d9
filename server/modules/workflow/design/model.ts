import { and, desc, eq, sql } from 'drizzle-orm'
import { Type } from '@sinclair/typebox'
import { wfModel, wfModelHistory, wfModelScope } from '../../../../db/schema/workflow.ts'
import { wfModelFields } from '../../../../db/fields/workflow.ts'
import type { Ctx } from '../../../lib/context.ts'
import { badRequest } from '../../../lib/errors.ts'
import { newId } from '../../../lib/ids.ts'
import { pageRows } from '../../../lib/page-query.ts'
import { pageOf, parsePaging } from '../../../lib/paging.ts'
import { defineResource, type Write } from '../../../lib/resource.ts'
import { first } from '../../../lib/rows.ts'
import { notDeleted } from '../../../lib/tenant-rows.ts'
import { now } from '../../../lib/time.ts'
import { transact, type Tx } from '../../../lib/transaction.ts'
import { deployDefinition } from '../engine/operations.ts'
import { checkCategory } from './category-check.ts'
import { blankModelXml, checkModelXml } from './model-xml.ts'
import './messages.ts'
import { withSaverNames } from './saver-names.ts'

type Model = typeof wfModel.$inferSelect

/**
 * Before a model is written: the key never changes once set; the XML (a blank process when a new model comes
 * without one) parses as a deployment would and its process id is the model key; the category is the school's.
 */
export async function beforeModelWrite(ctx: Ctx, w: Write<typeof wfModel>): Promise<void> {
  if (w.op === 'remove') return
  const was = w.before[0]
  if (was && w.values.modelKey !== undefined && w.values.modelKey !== was.modelKey)
    throw badRequest('workflow.design.keyFixed', {}, 'modelKey')
  const key = String(was?.modelKey ?? w.values.modelKey)
  if (!was && !w.values.xml) w.values.xml = blankModelXml(key, String(w.values.name ?? key))
  if (w.values.xml !== undefined) await checkModelXml(w.values.xml, key)
  if (w.values.categoryId !== undefined) w.values.categoryId = await checkCategory(ctx, w.values.categoryId)
  // The version moves on in afterModelWrite, inside the transaction; a client cannot set it.
  delete w.values.version
}

/**
 * Each saved XML becomes a numbered version in the model's history, in the write's transaction. The number follows
 * the newest saved one, not the model's own number, which setMainVersion may have moved back. Two saves at once do
 * not share a number: the write's own update of the model row holds that row until commit, so the second save reads
 * the history after the first one's row is in.
 */
export async function afterModelWrite(ctx: Ctx, w: Write<typeof wfModel>, tx: Tx): Promise<void> {
  if (w.op === 'remove' || w.values.xml === undefined) return
  const id = String(w.values.id ?? w.before[0]?.id)
  let version = 1
  if (w.op === 'update') {
    const newest = await first(
      tx
        .select({ v: sql<number>`coalesce(max(${wfModelHistory.version}), 0)` })
        .from(wfModelHistory)
        .where(eq(wfModelHistory.modelId, id)),
    )
    version = Number(newest?.v ?? 0) + 1
    await tx.update(wfModel).set({ version }).where(eq(wfModel.id, id))
  }
  await tx.insert(wfModelHistory).values({
    id: newId(),
    tenantId: ctx.actor.tenantId,
    modelId: id,
    version,
    xml: String(w.values.xml),
    createUser: ctx.actor.userId,
    createTime: now(),
  })
}

/** A model's saved versions, newest first (a page). */
export async function modelHistory(model: Model, q: Record<string, string | undefined>, ctx: Ctx) {
  const { current, size, offset } = parsePaging(q)
  const { rows, total } = await pageRows(
    ctx.db,
    { table: wfModelHistory, where: eq(wfModelHistory.modelId, model.id), orderBy: [desc(wfModelHistory.version)] },
    size,
    offset,
  )
  return pageOf(await withSaverNames(ctx, rows), total, current, size)
}

/** Deploys a model's saved XML as the next version of its process, which becomes the main version. */
export const deployModel = (ctx: Ctx, model: Model, categoryId: string | null) =>
  transact(ctx, (tx) =>
    deployDefinition(tx, {
      tenantId: ctx.actor.tenantId,
      xml: model.xml,
      modelId: model.id,
      name: model.name,
      categoryId,
      icon: model.icon,
      description: model.description,
      userId: ctx.actor.userId ?? '',
      deptId: ctx.actor.deptIds[0] ?? null,
    }),
  )

/**
 * "Set main version" on the model's history screen (spec §2 "Model and form history"; Saber's model history):
 * `version` is a saved version's number (blade_wf_model_history.version, what design/model/history lists), and that
 * version's XML becomes the model's current XML and number again, as a form's does. Deployments are untouched:
 * which deployed definition new starts use is the newest deploy (deploy it again to make it so). The request is
 * POST design/model/setMainVersion with body { id: <model id>, version: <saved version> }.
 */
export async function setMainVersion(ctx: Ctx, model: Model, version: number) {
  return transact(ctx, async (tx) => {
    const saved = await first(
      tx
        .select({ xml: wfModelHistory.xml })
        .from(wfModelHistory)
        .where(and(eq(wfModelHistory.modelId, model.id), eq(wfModelHistory.version, version))),
    )
    if (!saved) throw badRequest('workflow.design.versionMissing', { version, field: 'version' }, 'version')
    await tx
      .update(wfModel)
      .set({ xml: saved.xml, version, updateUser: ctx.actor.userId, updateTime: now() })
      .where(eq(wfModel.id, model.id))
    return { id: model.id, version }
  })
}

const scopeItem = Type.Object({
  type: Type.Union([Type.Literal('user'), Type.Literal('role'), Type.Literal('dept')], {
    error: 'workflow.design.scopeType',
  }),
  val: Type.String({ pattern: '^\\d{1,20}$', error: 'validation.id' }),
  text: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
})

/** Process models (blade-workflow/design/model): BPMN XML with its versions, deployments and who may start it. */
export const modelResource = defineResource({
  table: wfModel,
  path: '/api/blade-workflow/design/model',
  code: 'workflow:design:model',
  search: ['name', 'modelKey'],
  filters: ['categoryId'],
  fields: wfModelFields,
  unique: ['modelKey'],
  // A new model may come without XML: it starts as a blank process (beforeModelWrite).
  body: { xml: Type.Optional(Type.String({ maxLength: 1_000_000 })) },
  beforeWrite: beforeModelWrite,
  afterWrite: afterModelWrite,
  actions: {
    deploy: {
      button: 'deploy',
      target: { one: 'id' },
      verb: 'detail',
      body: { categoryId: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])) },
      message: 'workflow.design.deployed',
      run: async (ctx, { rows: [model], body }) =>
        deployModel(ctx, model, body.categoryId ? await checkCategory(ctx, body.categoryId) : model.categoryId),
    },
    changeCategory: {
      button: 'edit',
      target: { many: 'ids' },
      body: { category: Type.String({ maxLength: 20 }) },
      messages: { category: 'validation.required' },
      run: async (ctx, { ids, body }) => {
        const categoryId = await checkCategory(ctx, body.category, 'category')
        await transact(ctx, async (tx) => {
          for (const id of ids)
            await tx
              .update(wfModel)
              .set({ categoryId, updateUser: ctx.actor.userId, updateTime: now() })
              .where(eq(wfModel.id, id))
        })
        return { ids, categoryId }
      },
    },
    changeIcon: {
      button: 'edit',
      target: { one: 'id' },
      body: { icon: Type.String({ minLength: 1, maxLength: 255 }) },
      run: async (ctx, { ids: [id], body }) => {
        await transact(ctx, async (tx) => {
          await tx
            .update(wfModel)
            .set({ icon: String(body.icon), updateUser: ctx.actor.userId, updateTime: now() })
            .where(eq(wfModel.id, id))
        })
        return { id, icon: body.icon }
      },
    },
    history: {
      method: 'GET',
      button: 'history',
      target: { one: 'id' },
      verb: 'detail',
      run: (ctx, { rows: [model], query }) => modelHistory(model, query, ctx),
    },
    setMainVersion: {
      button: 'history',
      target: { one: 'id' },
      verb: 'detail',
      body: { version: Type.Integer({ minimum: 1 }) },
      run: (ctx, { rows: [model], body }) => setMainVersion(ctx, model, Number(body.version)),
    },
    scopeList: {
      method: 'GET',
      path: '/scope/list',
      button: 'scope',
      target: { one: 'modelId' },
      verb: 'detail',
      run: (ctx, { rows: [model] }) =>
        ctx.db
          .select()
          .from(wfModelScope)
          .where(and(eq(wfModelScope.modelId, model.id), notDeleted(wfModelScope))),
    },
    scopeSubmit: {
      path: '/scope/submit',
      button: 'scope',
      target: { one: 'modelId' },
      body: { scopes: Type.Array(scopeItem, { maxItems: 500 }) },
      messages: { scopes: 'validation.required' },
      run: async (ctx, { rows: [model], body }) => {
        const scopes = body.scopes as { type: string; val: string; text?: string | null }[]
        const stamp = now()
        await transact(ctx, async (tx) => {
          // The list replaces the model's: an empty one lets everyone in the school start it again.
          await tx
            .update(wfModelScope)
            .set({ isDeleted: 1, updateUser: ctx.actor.userId, updateTime: stamp })
            .where(and(eq(wfModelScope.modelId, model.id), notDeleted(wfModelScope)))
          for (const s of scopes)
            await tx.insert(wfModelScope).values({
              id: newId(),
              tenantId: ctx.actor.tenantId,
              modelId: model.id,
              type: s.type,
              val: s.val,
              text: s.text ?? null,
              createUser: ctx.actor.userId,
              createDept: ctx.actor.deptIds[0] ?? null,
              createTime: stamp,
              updateUser: ctx.actor.userId,
              updateTime: stamp,
            })
        })
        return { modelId: model.id, count: scopes.length }
      },
    },
  },
})
