import { and, asc, count, eq } from 'drizzle-orm'
import { dept, user } from '../../../db/schema/index.ts'
import { deptFields } from '../../../db/fields/system.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ApiError } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource, type Write } from '../../lib/resource.ts'
import { memberOf } from '../../lib/membership.ts'
import { buildTree, treeNode, type Tree } from '../../lib/tree.ts'
import { actingFor } from './platform-only.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { nameSearch, text } from './look-ups.ts'

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
  // /tree also answers another tenant's tree to the platform administrator (?tenantId=): the tree action below.
  skip: ['tree'],
  beforeWrite,
  actions: {
    // The tree is also the department picker of the user screen, so holding system:user is enough to read it.
    tree: {
      method: 'GET',
      button: ['system:dept', 'system:user'],
      body: { tenantId: text('another school (platform administrator)'), type: text('1 departments, 2 classes') },
      run: async (ctx, { query }): Promise<unknown[]> => {
        const c = await actingFor(ctx, query.tenantId)
        const rows = await c.db
          .select()
          .from(dept)
          .where(and(await deptResource.scope(c), typeFilter(query.type)))
          .orderBy(asc(dept.sort))
        return buildTree((rows as Row[]).map(node))
      },
    },
    select: {
      method: 'GET',
      button: 'system:dept',
      body: { tenantId: text('another school (platform administrator)') },
      run: async (ctx, { query }): Promise<unknown[]> =>
        (await deptResource.ops.all(await actingFor(ctx, query.tenantId))).map((r) => ({
          id: r.id,
          parentId: r.parentId,
          deptName: r.deptName,
          fullName: r.fullName,
          deptCategory: r.deptCategory,
        })),
    },
    // Teachers pick classes for exam groups from the desk, hence either code.
    getClassTree: {
      method: 'GET',
      button: 'system:dept',
      also: ['desk'],
      run: async (ctx): Promise<unknown[]> => {
        const rows = await ctx.db
          .select()
          .from(dept)
          .where(await deptResource.scope(ctx))
          .orderBy(asc(dept.sort))
        return classesOnly(buildTree(rows.map(node)))
      },
    },
    'search-dept': {
      method: 'GET',
      path: '/api/blade-system/search/dept',
      button: 'system:dept',
      body: { name: text('contains') },
      run: async (ctx, { query }): Promise<unknown[]> =>
        nameSearch(ctx, dept, await deptResource.scope(ctx), dept.deptName, query.name),
    },
  },
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

export const deptRoutes = (s: Services) => deptResource.routes(s)
