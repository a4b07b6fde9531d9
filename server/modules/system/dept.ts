import { Elysia } from 'elysia'
import { and, asc, count, eq } from 'drizzle-orm'
import { dept, user } from '../../../db/schema/index.ts'
import { deptFields } from '../../../db/fields/system.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { ApiError } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource, type Write } from '../../lib/resource.ts'
import { memberOf } from '../../lib/membership.ts'
import { buildTree, treeNode, type Tree } from '../../lib/tree.ts'
import { actingFor } from './platform-only.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { query as queryOf, text } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'

defineMessages({
  'dept.inUse': { zh: '机构下仍有用户，无法删除', en: 'the unit still has users and cannot be removed' },
  'dept.parentMissing': { zh: '上级机构不存在', en: 'the parent unit does not exist' },
})

type Row = Record<string, unknown>

/** Removal only of units no user belongs to (the factory already refuses units with children). */
async function beforeWrite(ctx: Ctx, w: Write<typeof dept>) {
  if (w.op !== 'remove') return
  for (const r of w.before) {
    // A user of several units still counts.
    const [{ u }] = await ctx.db
      .select({ u: count() })
      .from(user)
      .where(
        and(
          tenantRows(user, r.tenantId as string, {
            why: 'a unit anyone still belongs to stays, whether or not the caller sees them',
          }),
          memberOf(user.deptId, [r.id]),
        ),
      )

    if (u) throw new ApiError(400, 'dept.inUse')
  }
}

const typeFilter = (type?: string) => (type === '1' || type === '2' ? eq(dept.deptCategory, Number(type)) : undefined)

export const deptResource = defineResource({
  table: dept,
  path: '/api/blade-system/dept',
  code: 'system:dept',
  search: ['deptName', 'fullName'],
  filters: ['deptCategory', 'parentId'],
  fields: deptFields,
  // Departments and classes; `type` (1 or 2) narrows the tree reads. The department picker of the user screen reads the tree too.
  tree: {
    title: 'deptName',
    ancestors: 'ancestors',
    node: ['deptCategory', 'sort'],
    readers: ['system:user'],
    where: (q) => typeFilter(q.type),
    parentMissing: 'dept.parentMissing',
  },
  // /tree also answers another tenant's tree to the platform administrator (?tenantId=).
  skip: ['tree'],
  beforeWrite,
})
const node = (r: Row) => ({
  ...treeNode(r as { id: string; parentId: string }, r.deptName as string),
  deptCategory: r.deptCategory as number,
  sort: r.sort,
})

/** Keeps classes (deptCategory 2) and the departments above them; only classes are pickable. */
function classesOnly(ns: Tree<ReturnType<typeof node>>[]): Row[] {
  return ns
    .map((n) => ({ ...n, disabled: n.deptCategory !== 2, children: n.children && classesOnly(n.children) }))
    .filter((n) => n.deptCategory === 2 || (n.children as Row[] | undefined)?.length)
}

export const deptRoutes = (s: Services) =>
  handWritten(
    'department trees and pickers (classes only, or another school for the platform administrator): trees shaped for pickers',
    deptRoutesPlugin(s),
  )

const deptRoutesPlugin = (s: Services) =>
  new Elysia().use(deptResource.routes(s)).use(
    new Elysia({ prefix: deptResource.options.path })
      .use(authContext(s))
      // The tree is also the department picker of the user screen, so holding system:user is enough to read it.
      .get(
        '/tree',
        async ({ ctx, query }) => {
          const c = await actingFor(ctx, query.tenantId)
          const rows = await c.db
            .select()
            .from(dept)
            .where(and(await deptResource.scope(c), typeFilter(query.type)))
            .orderBy(asc(dept.sort))
          return ok(ctx, buildTree((rows as Record<string, unknown>[]).map(node)))
        },
        { perm: ['system:dept', 'system:user'] },
      )
      .get(
        '/select',
        async ({ ctx, query }) =>
          ok(
            ctx,
            (await deptResource.ops.all(await actingFor(ctx, query.tenantId))).map((r) => ({
              id: r.id,
              parentId: r.parentId,
              deptName: r.deptName,
              fullName: r.fullName,
              deptCategory: r.deptCategory,
            })),
          ),
        { perm: 'system:dept', query: queryOf({ tenantId: text('another school (platform administrator)') }) },
      )
      // Teachers pick classes for exam groups from the desk, hence either code.
      .get(
        '/getClassTree',
        async ({ ctx }) => {
          const rows = await ctx.db
            .select()
            .from(dept)
            .where(await deptResource.scope(ctx))
            .orderBy(asc(dept.sort))
          return ok(ctx, classesOnly(buildTree(rows.map(node))))
        },
        { perm: ['system:dept', 'desk'], query: queryOf() },
      ),
  )
