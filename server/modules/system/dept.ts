import { Elysia } from 'elysia'
import { and, asc, count, eq, like, or, sql } from 'drizzle-orm'
import { dept, user } from '../../../db/schema/index.ts'
import { deptFields } from '../../../db/fields/system.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource, type ResourceOptions, type Write } from '../../lib/resource.ts'
import { scope } from '../../lib/scope.ts'
import { buildTree, treeNode, type Tree } from '../../lib/tree.ts'
import { actingFor } from './platform-only.ts'

defineMessages({
  'dept.inUse': { zh: '机构下仍有用户，无法删除', en: 'the unit still has users and cannot be removed' },
  'dept.parentMissing': { zh: '上级机构不存在', en: 'the parent unit does not exist' },
})

type Row = Record<string, unknown>
/** Rows whose ancestors run through `id`: its whole subtree. */
const below = (id: string) => or(like(dept.ancestors, `%,${id}`), like(dept.ancestors, `%,${id},%`))

/** Keeps `ancestors` right (root…parent) and refuses cycles; removal only of empty leaves. */
async function beforeWrite(ctx: Ctx, w: Write<typeof dept>) {
  if (w.op === 'remove') {
    for (const r of w.before) {
      const [{ n }] = await ctx.db.select({ n: count() }).from(dept).where(and(eq(dept.parentId, r.id), eq(dept.isDeleted, 0)))
      if (n) throw new ApiError(400, 'tree.hasChildren')
      // deptId holds a comma-joined list: a user of several units still counts.
      const [{ u }] = await ctx.db.select({ u: count() }).from(user)
        .where(and(eq(user.tenantId, r.tenantId as string), eq(user.isDeleted, 0), sql`(',' || ${user.deptId} || ',') LIKE ${`%,${r.id},%`}`))
      if (u) throw new ApiError(400, 'dept.inUse')
    }
    return
  }
  const parentId = (w.values.parentId ?? w.before[0]?.parentId ?? '0') as string
  if (parentId === '0') { w.values.ancestors = '0'; return }
  const parent = await ctx.db.select().from(dept).where(and(eq(dept.id, parentId), eq(dept.tenantId, ctx.actor.tenantId), eq(dept.isDeleted, 0))).get()
  if (!parent) throw badRequest('dept.parentMissing', { field: 'parentId' }, 'parentId')
  const self = w.before[0]?.id as string | undefined
  if (self && (parent.id === self || `,${parent.ancestors},`.includes(`,${self},`))) throw badRequest('tree.selfParent', { field: 'parentId' }, 'parentId')
  w.values.ancestors = `${parent.ancestors},${parent.id}`
}

/** A moved unit takes its subtree along: every descendant's ancestors are rewritten in the same transaction. */
const afterWrite: ResourceOptions<typeof dept>['afterWrite'] = (_ctx, w, tx) => {
  const old = w.before[0]
  if (w.op !== 'update' || old.ancestors === w.values.ancestors) return
  const id = old.id as string
  const from = `${old.ancestors},${id}`, to = `${w.values.ancestors},${id}`
  for (const d of tx.select({ id: dept.id, ancestors: dept.ancestors }).from(dept).where(and(eq(dept.tenantId, old.tenantId as string), below(id))).all())
    tx.update(dept).set({ ancestors: to + d.ancestors.slice(from.length) }).where(eq(dept.id, d.id)).run()
}

export const deptResource = defineResource({
  table: dept,
  path: '/api/blade-system/dept',
  code: 'system:dept',
  search: ['deptName', 'fullName'],
  filters: ['deptCategory', 'parentId'],
  fields: deptFields,
  skip: ['list'],
  beforeWrite,
  afterWrite,
})
const typeFilter = (type?: string) => (type === '1' || type === '2' ? eq(dept.deptCategory, Number(type)) : undefined)
const node = (r: Row) => ({ ...treeNode(r as { id: string; parentId: string }, r.deptName as string), deptCategory: r.deptCategory as number, sort: r.sort })

/** One level under parentId, each row flagged when it has children; a name search looks at every level. */
async function lazy(ctx: Ctx, q: Record<string, string | undefined>): Promise<Row[]> {
  const searching = Boolean(q.deptName || q.fullName)
  const rows = await deptResource.ops.all(ctx, { ...q, parentId: searching ? undefined : q.parentId || '0' }, typeFilter(q.type))
  const parents = new Set((await deptResource.ops.all(ctx, {}, typeFilter(q.type))).map((k) => k.parentId))
  return rows.map((r) => ({ ...r, hasChildren: parents.has(r.id) }))
}

/** Keeps classes (deptCategory 2) and the departments above them; only classes are pickable. */
function classesOnly(ns: Tree<ReturnType<typeof node>>[]): Row[] {
  return ns.map((n) => ({ ...n, disabled: n.deptCategory !== 2, children: n.children && classesOnly(n.children) }))
    .filter((n) => n.deptCategory === 2 || (n.children as Row[] | undefined)?.length)
}

export const deptRoutes = (s: Services) =>
  new Elysia()
    .use(deptResource.routes(s))
    .use(new Elysia({ prefix: deptResource.options.path })
      .use(authContext(s))
      // The whole tree, unpaged: the screen shows departments as an expandable table.
      .get('/list', async ({ ctx, query }) => ok(ctx, buildTree(await deptResource.ops.all(ctx, query))), { perm: 'system:dept' })
      .get('/lazy-list', async ({ ctx, query }) => ok(ctx, await lazy(ctx, query)), { perm: 'system:dept' })
      // The tree is also the department picker of the user screen, so holding system:user is enough to read it.
      .get('/tree', async ({ ctx, query }) => {
        const c = await actingFor(ctx, query.tenantId)
        const rows = await c.db.select().from(dept).where(and(await scope(dept, c, { code: 'system:dept' }), typeFilter(query.type))).orderBy(asc(dept.sort))
        return ok(ctx, buildTree((rows as Record<string, unknown>[]).map(node)))
      }, { perm: ['system:dept', 'system:user'] })
      .get('/lazy-tree', async ({ ctx, query }) => ok(ctx, (await lazy(ctx, { parentId: query.parentId, type: query.type })).map((r) => ({ ...node(r), hasChildren: r.hasChildren }))), { perm: 'system:dept' })
      .get('/select', async ({ ctx, query }) => ok(ctx, (await deptResource.ops.all(await actingFor(ctx, query.tenantId))).map((r) => ({ id: r.id, parentId: r.parentId, deptName: r.deptName, fullName: r.fullName, deptCategory: r.deptCategory }))), { perm: 'system:dept' })
      // Teachers pick classes for exam groups from the desk, hence either code.
      .get('/getClassTree', async ({ ctx }) => {
        const rows = await ctx.db.select().from(dept).where(await scope(dept, ctx, { code: deptResource.options.code })).orderBy(asc(dept.sort))
        return ok(ctx, classesOnly(buildTree(rows.map(node))))
      }, { perm: ['system:dept', 'desk'] }))
