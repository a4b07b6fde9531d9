import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { Type } from '@sinclair/typebox'
import { wfCategory, wfForm, wfFormHistory } from '../../../../db/schema/workflow.ts'
import { wfFormFields } from '../../../../db/fields/workflow.ts'
import type { Ctx } from '../../../lib/context.ts'
import { badRequest } from '../../../lib/errors.ts'
import { newId } from '../../../lib/ids.ts'
import { pageRows } from '../../../lib/page-query.ts'
import { pageOf, parsePaging } from '../../../lib/paging.ts'
import { defineResource, type Write } from '../../../lib/resource.ts'
import { first } from '../../../lib/rows.ts'
import { scope } from '../../../lib/scope.ts'
import { now } from '../../../lib/time.ts'
import { transact, type Tx } from '../../../lib/transaction.ts'
import { checkCategory } from './category-check.ts'
import { checkThemeKey } from './form-theme.ts'
import { withSaverNames } from './saver-names.ts'
import './messages.ts'

type Form = typeof wfForm.$inferSelect

/** A form's content: a JSON array of field descriptors (400 naming `content` otherwise). */
function checkContent(v: unknown): void {
  let parsed: unknown
  try {
    parsed = typeof v === 'string' ? JSON.parse(v) : undefined
  } catch {
    parsed = undefined
  }
  if (!Array.isArray(parsed) || parsed.some((f) => !f || typeof f !== 'object' || Array.isArray(f)))
    throw badRequest('workflow.design.content', { field: 'content' }, 'content')
}

async function beforeFormWrite(ctx: Ctx, w: Write<typeof wfForm>): Promise<void> {
  if (w.op === 'remove') return
  const was = w.before[0]
  if (was && w.values.formKey !== undefined && w.values.formKey !== was.formKey)
    throw badRequest('workflow.design.formKeyFixed', {}, 'formKey')
  if (!was && w.values.content === undefined) w.values.content = '[]'
  if (w.values.content !== undefined) checkContent(w.values.content)
  if (w.values.categoryId !== undefined) w.values.categoryId = await checkCategory(ctx, w.values.categoryId)
  if (w.values.themeKey === '') w.values.themeKey = null
  await checkThemeKey(ctx, w.values.themeKey)
  delete w.values.version
}

/**
 * Each saved content becomes a numbered version in the form's history, in the write's transaction, numbered after
 * the newest saved one (setMainVersion may have moved the form's own number back). The write's update of the form
 * row holds that row until commit, so a second save at once reads the history with the first one's row in.
 */
async function afterFormWrite(ctx: Ctx, w: Write<typeof wfForm>, tx: Tx): Promise<void> {
  if (w.op === 'remove' || w.values.content === undefined) return
  const id = String(w.values.id ?? w.before[0]?.id)
  let version = 1
  if (w.op === 'update') {
    const newest = await first(
      tx
        .select({ v: sql<number>`coalesce(max(${wfFormHistory.version}), 0)` })
        .from(wfFormHistory)
        .where(eq(wfFormHistory.formId, id)),
    )
    version = Number(newest?.v ?? 0) + 1
    await tx.update(wfForm).set({ version }).where(eq(wfForm.id, id))
  }
  await tx.insert(wfFormHistory).values({
    id: newId(),
    tenantId: ctx.actor.tenantId,
    formId: id,
    version,
    content: String(w.values.content),
    createUser: ctx.actor.userId,
    createTime: now(),
  })
}

/** Makes a saved version the form's content again (its number stays: the form shows which version it is). */
async function setFormVersion(ctx: Ctx, form: Form, version: number) {
  return transact(ctx, async (tx) => {
    const saved = await first(
      tx
        .select({ content: wfFormHistory.content })
        .from(wfFormHistory)
        .where(and(eq(wfFormHistory.formId, form.id), eq(wfFormHistory.version, version))),
    )
    if (!saved) throw badRequest('workflow.design.versionMissing', { version, field: 'version' }, 'version')
    await tx
      .update(wfForm)
      .set({ content: saved.content, version, updateUser: ctx.actor.userId, updateTime: now() })
      .where(eq(wfForm.id, form.id))
    return { id: form.id, version }
  })
}

/**
 * Forms (blade-workflow/design/form): fields as data, bound to a start event or task by formKey, with every saved
 * version kept. `listType` answers the school's forms grouped by category for the modeller's form picker.
 */
export const formResource = defineResource({
  table: wfForm,
  path: '/api/blade-workflow/design/form',
  code: 'workflow:design:form',
  search: ['name', 'formKey'],
  filters: ['categoryId', 'status'],
  fields: wfFormFields,
  unique: ['formKey'],
  beforeWrite: beforeFormWrite,
  afterWrite: afterFormWrite,
  actions: {
    update: {
      button: 'edit',
      target: { one: 'id' },
      run: (ctx, { sent }): Promise<unknown> => formResource.ops.submit(ctx, sent),
    },
    listType: {
      method: 'GET',
      button: 'workflow:design:form',
      also: ['workflow:design:model'],
      run: async (ctx): Promise<unknown> => {
        const forms = (await formResource.ops.all(ctx)) as Form[]
        const categories = await ctx.db
          .select({ id: wfCategory.id, name: wfCategory.name })
          .from(wfCategory)
          .where(await scope(wfCategory, ctx, { dataScope: false, why: "a category's name groups the forms it files" }))
          .orderBy(asc(wfCategory.sort))
        const groups = [...categories, { id: null, name: null }].map((c) => ({
          categoryId: c.id,
          categoryName: c.name,
          children: forms
            .filter(
              (f) =>
                (f.categoryId ?? null) === c.id || (c.id === null && !categories.some((k) => k.id === f.categoryId)),
            )
            .map(({ id, formKey, name, version }) => ({ id, formKey, name, version })),
        }))
        return groups.filter((g) => g.children.length)
      },
    },
    changeCategory: {
      button: 'edit',
      target: { many: 'ids' },
      body: { category: Type.String({ maxLength: 20 }) },
      run: async (ctx, { ids, body }) => {
        const categoryId = await checkCategory(ctx, body.category, 'category')
        await transact(ctx, async (tx) => {
          for (const id of ids)
            await tx
              .update(wfForm)
              .set({ categoryId, updateUser: ctx.actor.userId, updateTime: now() })
              .where(eq(wfForm.id, id))
        })
        return { ids, categoryId }
      },
    },
    history: {
      method: 'GET',
      button: 'history',
      target: { one: 'id' },
      verb: 'detail',
      run: async (ctx, { rows: [form], query }) => {
        const { current, size, offset } = parsePaging(query)
        const { rows, total } = await pageRows(
          ctx.db,
          { table: wfFormHistory, where: eq(wfFormHistory.formId, form.id), orderBy: [desc(wfFormHistory.version)] },
          size,
          offset,
        )
        return pageOf(await withSaverNames(ctx, rows), total, current, size)
      },
    },
    setMainVersion: {
      button: 'history',
      target: { one: 'id' },
      body: { version: Type.Integer({ minimum: 1 }) },
      run: (ctx, { rows: [form], body }) => setFormVersion(ctx, form, Number(body.version)),
    },
  },
})
