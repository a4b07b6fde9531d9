import { Elysia } from 'elysia'
import { and, count, eq, like, or } from 'drizzle-orm'
import { dept, user } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { envelope } from '../../lib/envelope.ts'
import { ApiError, badRequest, forbidden } from '../../lib/errors.ts'
import { defineMessages, t as say } from '../../lib/messages.ts'
import { isAdministrator } from '../../lib/permissions.ts'
import { defineResource, type Write } from '../../lib/resource.ts'
import { buildTree, treeNode } from '../../lib/tree.ts'

defineMessages({
  'dept.name': { zh: '请输入机构名称', en: 'please enter the unit name' },
  'dept.inUse': { zh: '机构下仍有用户，无法删除', en: 'the unit still has users and cannot be removed' },
  'dept.parentMissing': { zh: '上级机构不存在', en: 'the parent unit does not exist' },
})

/** Keeps `ancestors` right (root…parent) and refuses cycles; removal only of empty leaves. */
async function beforeWrite(ctx: Ctx, w: Write) {
  if (w.op === 'remove') {
    const ids = w.before.map((r) => r.id as string)
    for (const id of ids) {
      const [{ n }] = await ctx.db.select({ n: count() }).from(dept).where(and(eq(dept.parentId, id), eq(dept.isDeleted, 0)))
      if (n) throw new ApiError(400, 'tree.hasChildren')
      const [{ u }] = await ctx.db.select({ u: count() }).from(user).where(and(like(user.deptId, `%${id}%`), eq(user.isDeleted, 0)))
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

export const deptResource = defineResource({
  table: dept,
  path: '/api/blade-system/dept',
  code: 'system:dept',
  search: ['deptName', 'fullName'],
  filters: ['deptCategory', 'parentId'],
  messages: { deptName: 'dept.name' },
  skip: ['list'],
  beforeWrite,
})

/** The platform administrator may look at another tenant's tree; everyone else sees its own. */
async function tenantFor(ctx: Ctx, tenantId?: string) {
  if (!tenantId || tenantId === ctx.actor.tenantId) return ctx
  if (!(await isAdministrator(ctx))) throw forbidden()
  return { ...ctx, actor: { ...ctx.actor, tenantId }, memo: new Map() } as Ctx
}

const typeFilter = (type?: string) => (type === '1' || type === '2' ? eq(dept.deptCategory, Number(type)) : undefined)
const nodes = (rows: Record<string, unknown>[]) => buildTree(rows.map((r) => ({ ...treeNode(r as { id: string; parentId: string }, r.deptName as string), deptCategory: r.deptCategory, sort: r.sort })))

async function lazy(ctx: Ctx, parentId: string, type?: string): Promise<Record<string, unknown>[]> {
  const rows = await deptResource.ops.all(ctx, {}, and(eq(dept.parentId, parentId || '0'), typeFilter(type)))
  const kids = await deptResource.ops.all(ctx, {}, typeFilter(type))
  const parents = new Set(kids.map((k) => k.parentId))
  return rows.map((r) => ({ ...r, hasChildren: parents.has(r.id) }))
}

export const deptRoutes = (s: Services) =>
  new Elysia({ prefix: '/api/blade-system/dept' })
    .use(authContext(s))
    .use(deptResource.routes(s))
    .get('/list', async ({ ctx, query }) => envelope(buildTree((await deptResource.ops.all(ctx, query)) as never), say(ctx.lang, 'ok')), { perm: 'system:dept' })
    .get('/lazy-list', async ({ ctx, query }) => envelope(await lazy(ctx, query.parentId ?? '0'), say(ctx.lang, 'ok')), { perm: 'system:dept' })
    .get('/tree', async ({ ctx, query }) => envelope(nodes(await deptResource.ops.all(await tenantFor(ctx, query.tenantId), {}, typeFilter(query.type))), say(ctx.lang, 'ok')), { perm: 'system:dept' })
    .get('/lazy-tree', async ({ ctx, query }) => envelope((await lazy(ctx, query.parentId ?? '0', query.type)).map((r) => ({ ...treeNode(r as never, r.deptName as string), hasChildren: r.hasChildren, deptCategory: r.deptCategory })), say(ctx.lang, 'ok')), { perm: 'system:dept' })
    .get('/select', async ({ ctx, query }) => envelope((await deptResource.ops.all(ctx, query)).map((r) => ({ id: r.id, deptName: r.deptName, parentId: r.parentId, deptCategory: r.deptCategory })), say(ctx.lang, 'ok')), { perm: 'system:dept' })
    .get('/getClassTree', async ({ ctx }) => {
      // Departments with their classes as leaves, for "classes" pickers; departments without classes are dropped.
      const rows = await deptResource.ops.all(ctx)
      const tree = nodes(rows) as (ReturnType<typeof nodes>[number] & { deptCategory: number })[]
      const prune = (ns: any[]): any[] => ns.map((n) => ({ ...n, children: n.children ? prune(n.children) : undefined, disabled: n.deptCategory !== 2 }))
        .filter((n) => n.deptCategory === 2 || n.children?.length)
      return envelope(prune(tree), say(ctx.lang, 'ok'))
    }, { perm: ['system:dept', 'desk'] })

/** A department's id and all ids below it (through ancestors), within the caller's scope. */
export async function deptAndBelow(ctx: Ctx, deptId: string): Promise<string[]> {
  if (!deptId) return []
  const rows = await deptResource.ops.all(ctx, {}, or(eq(dept.id, deptId), like(dept.ancestors, `%,${deptId}`), like(dept.ancestors, `%,${deptId},%`)))
  return rows.map((r) => r.id as string)
}
