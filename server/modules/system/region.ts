import { Elysia, t } from 'elysia'
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import { region } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { envelope } from '../../lib/envelope.ts'
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors.ts'
import { defineMessages, t as say } from '../../lib/messages.ts'
import { isAdministrator } from '../../lib/permissions.ts'

defineMessages({
  'region.code': { zh: '请输入区划编号', en: 'please enter the region code' },
  'region.name': { zh: '请输入区划名称', en: 'please enter the region name' },
})

/**
 * Regions are keyed by their official code and shared by all tenants, so they
 * are hand-written routes rather than a resource: submit inserts a new code or
 * updates a known one, and removal is a real delete of a leaf.
 */
const ok = (ctx: Ctx, data: unknown) => envelope(data, say(ctx.lang, 'ok'))
const byCode = (ctx: Ctx, code: string) => ctx.db.select().from(region).where(eq(region.code, code)).get()

async function withChildrenFlag(ctx: Ctx, rows: (typeof region.$inferSelect)[]) {
  if (!rows.length) return []
  const kids = await ctx.db.select({ p: region.parentCode, n: count() }).from(region).where(inArray(region.parentCode, rows.map((r) => r.code))).groupBy(region.parentCode)
  const has = new Set(kids.map((k) => k.p))
  return rows.map((r) => ({ ...r, id: r.code, parentId: r.parentCode, title: r.name, key: r.code, value: r.code, hasChildren: has.has(r.code) }))
}

const writer = async (ctx: Ctx) => { if (!(await isAdministrator(ctx))) throw forbidden() }

const Region = t.Object({
  code: t.String({ pattern: '^\\d{2,12}$' }), parentCode: t.Optional(t.String({ pattern: '^\\d{2,12}$' })), name: t.String({ minLength: 1, maxLength: 64 }),
  regionLevel: t.Optional(t.Integer({ minimum: 1, maximum: 5 })), sort: t.Optional(t.Integer()), remark: t.Optional(t.Union([t.String(), t.Null()])),
})

export const regionRoutes = (s: Services) =>
  new Elysia({ prefix: '/api/blade-system/region' })
    .use(authContext(s))
    .get('/lazy-tree', async ({ ctx, query }) => ok(ctx, await withChildrenFlag(ctx, await ctx.db.select().from(region).where(eq(region.parentCode, query.parentCode || '00')).orderBy(asc(region.sort), asc(region.code)))), { perm: 'system:region' })
    .get('/lazy-list', async ({ ctx, query }) => ok(ctx, await withChildrenFlag(ctx, await ctx.db.select().from(region).where(and(eq(region.parentCode, query.parentCode || '00'), query.name ? eq(region.name, query.name) : undefined)).orderBy(asc(region.sort), asc(region.code)))), { perm: 'system:region' })
    .get('/detail', async ({ ctx, query }) => {
      const row = query.code ? await byCode(ctx, query.code) : undefined
      if (!row) throw notFound()
      return ok(ctx, row)
    }, { perm: 'system:region' })
    .post('/submit', async ({ ctx, body }) => {
      await writer(ctx)
      const parentCode = body.parentCode ?? '00'
      const parent = parentCode === '00' ? undefined : await byCode(ctx, parentCode)
      if (parentCode !== '00' && !parent) throw badRequest('validation.invalid', { field: 'parentCode' }, 'parentCode')
      if (parent && (parent.code === body.code || `,${parent.ancestors},`.includes(`,${body.code},`))) throw badRequest('tree.selfParent', { field: 'parentCode' }, 'parentCode')
      const values = { ...body, parentCode, ancestors: parent ? `${parent.ancestors},${parent.code}` : '00', regionLevel: body.regionLevel ?? (parent ? Math.min(parent.regionLevel + 1, 5) : 1), sort: body.sort ?? 0 }
      if (await byCode(ctx, body.code)) await ctx.db.update(region).set(values).where(eq(region.code, body.code))
      else await ctx.db.insert(region).values(values)
      return ok(ctx, await byCode(ctx, body.code))
    }, { perm: ['system:region:add', 'system:region:edit'], body: Region })
    .post('/remove', async ({ ctx, query, body }) => {
      await writer(ctx)
      const code = String(query.id ?? (body as Record<string, unknown> | undefined)?.id ?? '')
      if (!(await byCode(ctx, code))) throw notFound()
      const [{ n }] = await ctx.db.select({ n: count() }).from(region).where(eq(region.parentCode, code))
      if (n) throw new ApiError(400, 'tree.hasChildren')
      await ctx.db.delete(region).where(eq(region.code, code))
      return ok(ctx, true)
    }, { perm: 'system:region:delete' })
