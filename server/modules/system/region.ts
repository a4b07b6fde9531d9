import { Elysia } from 'elysia'
import { asc, count, eq, inArray, like, sql } from 'drizzle-orm'
import { region } from '../../../db/schema/index.ts'
import { regionFields } from '../../../db/fields/system.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { isAdministrator, SIGNED_IN } from '../../lib/permissions.ts'
import { bodySchemas, parseBody } from '../../lib/validation.ts'

defineMessages({
  'region.codeFormat': { zh: '区划编号必须是 2 到 12 位数字', en: 'the region code must be 2 to 12 digits' },
  'region.parentMissing': { zh: '上级区划不存在', en: 'the parent region does not exist' },
})

/**
 * Regions are keyed by their official code and shared by all tenants, so they
 * are hand-written routes rather than a resource: submit inserts a new code or
 * updates a known one, and removal is a real delete of a leaf. Any signed-in
 * user reads them (address pickers); only the platform administrator writes.
 */
const ROOT = '00'
type Region = typeof region.$inferSelect
const byCode = (ctx: Ctx, code: string) => ctx.db.select().from(region).where(eq(region.code, code)).get()
const schemas = bodySchemas(region, { fields: regionFields, code: 'system:region' })

/** Each row as a lazy tree node (id and key are the code) with its children flag. */
async function asNodes(ctx: Ctx, rows: Region[]) {
  if (!rows.length) return []
  const kids = await ctx.db.select({ p: region.parentCode, n: count() }).from(region).where(inArray(region.parentCode, rows.map((r) => r.code))).groupBy(region.parentCode)
  const has = new Set(kids.map((k) => k.p))
  return rows.map((r) => ({ ...r, id: r.code, parentId: r.parentCode, title: r.name, key: r.code, value: r.code, hasChildren: has.has(r.code) }))
}

/** One level under parentCode; a name search looks at every level. */
const level = (ctx: Ctx, q: Record<string, string | undefined>) =>
  ctx.db.select().from(region)
    .where(q.name ? sql`instr(${region.name}, ${q.name}) > 0` : eq(region.parentCode, q.parentCode || ROOT))
    .orderBy(asc(region.sort), asc(region.code))

async function writer(ctx: Ctx) {
  if (!(await isAdministrator(ctx))) throw forbidden()
}

async function submit(ctx: Ctx, body: unknown): Promise<Region> {
  await writer(ctx)
  // The code is the key: an `id` the form may carry means nothing here.
  const { id: _, ...input } = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const { values } = parseBody(schemas, input)
  const code = values.code as string
  if (!/^\d{2,12}$/.test(code) || code === ROOT) throw badRequest('region.codeFormat', { field: 'code' }, 'code')
  const old = await byCode(ctx, code)
  const parentCode = (values.parentCode ?? old?.parentCode ?? ROOT) as string
  const parent = parentCode === ROOT ? undefined : await byCode(ctx, parentCode)
  if (parentCode !== ROOT && !parent) throw badRequest('region.parentMissing', { field: 'parentCode' }, 'parentCode')
  if (parent && (parent.code === code || `,${parent.ancestors},`.includes(`,${code},`))) throw badRequest('tree.selfParent', { field: 'parentCode' }, 'parentCode')
  const ancestors = parent ? `${parent.ancestors},${parent.code}` : ROOT
  const row = { ...values, code, parentCode, ancestors, regionLevel: (values.regionLevel ?? old?.regionLevel ?? (parent ? Math.min(parent.regionLevel + 1, 5) : 1)) as number } as Region
  ctx.db.transaction((tx) => {
    if (!old) return void tx.insert(region).values(row).run()
    tx.update(region).set(row).where(eq(region.code, code)).run()
    // A moved region takes its subtree along.
    if (old.ancestors !== ancestors) {
      const from = `${old.ancestors},${code}`
      for (const d of tx.select({ code: region.code, ancestors: region.ancestors }).from(region).where(like(region.ancestors, `${from}%`)).all())
        if (d.ancestors === from || d.ancestors.startsWith(`${from},`)) tx.update(region).set({ ancestors: `${ancestors},${code}${d.ancestors.slice(from.length)}` }).where(eq(region.code, d.code)).run()
    }
  })
  return (await byCode(ctx, code))!
}

async function remove(ctx: Ctx, code: string) {
  await writer(ctx)
  if (!code || !(await byCode(ctx, code))) throw notFound()
  const [{ n }] = await ctx.db.select({ n: count() }).from(region).where(eq(region.parentCode, code))
  if (n) throw new ApiError(400, 'tree.hasChildren')
  await ctx.db.delete(region).where(eq(region.code, code))
}

export const regionRoutes = (s: Services) =>
  new Elysia({ prefix: '/api/blade-system/region' })
    .use(authContext(s))
    .get('/lazy-tree', async ({ ctx, query }) => ok(ctx, (await asNodes(ctx, await level(ctx, { parentCode: query.parentCode }))).map(({ id, parentId, title, key, value, hasChildren, regionLevel }) => ({ id, parentId, title, key, value, hasChildren, regionLevel }))), { perm: SIGNED_IN })
    .get('/lazy-list', async ({ ctx, query }) => ok(ctx, await asNodes(ctx, await level(ctx, query))), { perm: SIGNED_IN })
    .get('/detail', async ({ ctx, query }) => {
      // The code is the key; the generic screens send it as id.
      const code = query.code ?? query.id
      const row = code ? await byCode(ctx, code) : undefined
      if (!row) throw notFound()
      return ok(ctx, row)
    }, { perm: SIGNED_IN })
    .post('/submit', async ({ ctx, body }) => ok(ctx, await submit(ctx, body)), { perm: ['system:region:add', 'system:region:edit'] })
    .post('/remove', async ({ ctx, query, body }) => {
      await remove(ctx, String(query.id ?? query.ids ?? (body as Record<string, unknown> | undefined)?.id ?? ''))
      return ok(ctx, true)
    }, { perm: 'system:region:delete' })
