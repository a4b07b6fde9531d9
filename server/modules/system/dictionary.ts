import { and, asc, count, eq, inArray, ne } from 'drizzle-orm'
import { dict, dictBiz } from '../../../db/schema/index.ts'
import { dictFields } from '../../../db/fields/system.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ApiError, badRequest, notFound } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { PLATFORM_TENANT, PUBLIC } from '../../lib/permissions.ts'
import { Type } from '@sinclair/typebox'
import { defineResource, type ResourceOptions, type Write } from '../../lib/resource.ts'
import { buildTree, treeNode } from '../../lib/tree.ts'
import { platformWrites } from './platform-only.ts'
import { notDeleted, publicRows } from '../../lib/tenant-rows.ts'
import { text } from './look-ups.ts'

defineMessages({
  'dict.sort': { zh: '请输入字典排序', en: 'please enter the sort order' },
  'dict.isSealed': { zh: '请选择字典封存', en: 'please select whether it is sealed' },
  'dict.parentMissing': { zh: '上级字典不存在', en: 'the parent dictionary does not exist' },
  'dict.keyTaken': { zh: '当前字典键值已存在', en: 'this dictionary key already exists' },
})

type DictTable = typeof dict | typeof dictBiz
type Row = Record<string, unknown>
type Q = Record<string, string | undefined>

/**
 * The system dictionary (shared, written by the platform administrator) and
 * the business dictionary (per tenant) have one shape, so one definition
 * serves both. Items inherit their parent's code; a code's items are what
 * pickers and labels show (`dictionary?code=`).
 */
function dictionary(table: DictTable, service: 'dict' | 'dict-biz', code: string, global: boolean) {
  const rowsWhere = async (ctx: Ctx, cond: ReturnType<typeof and>) =>
    (await ctx.db
      .select()
      .from(table)
      .where(and(await resource.where(ctx, 'list'), cond))) as Row[]

  async function beforeWrite(ctx: Ctx, w: Write<DictTable>) {
    if (w.op === 'remove') {
      if (w.before.some((r) => r.isSealed === 1)) throw new ApiError(400, 'dict.sealed')
      const [{ n }] = await ctx.db
        .select({ n: count() })
        .from(table)
        .where(
          and(
            inArray(
              table.parentId,
              w.before.map((r) => r.id),
            ),
            notDeleted(table),
          ),
        )
      if (n) throw new ApiError(400, 'tree.hasChildren')
      return
    }
    // Sort and the sealed flag have column defaults, but the screen asks for both.
    if (w.op === 'insert')
      for (const f of ['sort', 'isSealed']) if (w.values[f] == null) throw badRequest(`dict.${f}`, { field: f }, f)
    const self = w.before[0]?.id as string | undefined
    const parentId = (w.values.parentId ?? w.before[0]?.parentId ?? '0') as string
    if (parentId !== '0') {
      const [parent] = await rowsWhere(ctx, eq(table.id, parentId))
      if (!parent) throw badRequest('dict.parentMissing', { field: 'parentId' }, 'parentId')
      // Walk up from the new parent: meeting the entry itself would make a cycle.
      for (
        let p: Row | undefined = parent;
        p;
        p = p.parentId === '0' ? undefined : (await rowsWhere(ctx, eq(table.id, p.parentId as string)))[0]
      )
        if (p.id === self) throw badRequest('tree.selfParent', { field: 'parentId' }, 'parentId')
      w.values.code = parent.code as string
    }
  }

  /** A parent whose code changed takes its whole subtree along, in the same transaction. */
  const afterWrite: NonNullable<ResourceOptions<DictTable>['afterWrite']> = async (_ctx, w, tx) => {
    const old = w.before[0]
    if (w.op !== 'update' || w.values.code === undefined || w.values.code === old.code) return
    for (let level = [old.id as string]; level.length;) {
      await tx
        .update(table)
        .set({ code: w.values.code as string })
        .where(inArray(table.parentId, level))
      level = (await tx.select({ id: table.id }).from(table).where(inArray(table.parentId, level))).map((r) => r.id)
    }
  }

  const resource = defineResource({
    table,
    path: `/api/blade-system/${service}`,
    code,
    global,
    search: ['code', 'dictValue', 'dictKey'],
    filters: ['parentId', 'isSealed'],
    fields: dictFields,
    body: { isSealed: Type.Integer({ minimum: 0, maximum: 1 }) },
    access: global ? platformWrites : undefined,
    skip: ['list'],
    // One item per key within a code (the code's own entry is key -1); a parent's new code carried to its items is held to it too.
    unique: [
      {
        columns: global ? ['code', 'dictKey'] : ['tenantId', 'code', 'dictKey'],
        field: 'dictKey',
        message: 'dict.keyTaken',
      },
    ],
    beforeWrite,
    afterWrite,
    // The dictionary screens read one table as a two-level tree keyed by code; pickers and labels read a code's items.
    actions: {
      'parent-list': {
        method: 'GET',
        button: code,
        body: {
          current: text('page, from 1'),
          size: text('rows a page (default 10, at most 200)'),
          code: text('contains'),
          dictValue: text('contains'),
          dictKey: text('contains'),
        },
        run: (ctx, { query }): Promise<unknown> => resource.ops.page(ctx, { ...query, parentId: '0' }),
      },
      'child-list': {
        method: 'GET',
        button: code,
        body: { parentId: text('the parent entry'), dictValue: text('contains'), dictKey: text('contains') },
        run: (ctx, { query }): Promise<unknown[]> => childList(ctx, query),
      },
      list: {
        method: 'GET',
        button: code,
        body: {
          parentId: text('parent entry'),
          code: text('contains'),
          dictValue: text('contains'),
          dictKey: text('contains'),
        },
        run: async (ctx, { query }): Promise<unknown[]> => buildTree(await resource.ops.all(ctx, query)),
      },
      tree: {
        method: 'GET',
        button: code,
        run: async (ctx): Promise<unknown[]> =>
          buildTree(
            (await resource.ops.all(ctx)).map((r) => ({
              ...treeNode(r, r.dictValue),
              code: r.code,
              dictKey: r.dictKey,
            })),
          ),
      },
      // Public: the portal shows labels to guests. The tenant is the caller's, or the Tenant-Id header's.
      dictionary: {
        method: 'GET',
        button: PUBLIC,
        body: { code: text('dictionary code') },
        run: async (ctx, { query, services }): Promise<unknown[]> => {
          if (!query.code) throw badRequest('validation.required', { field: 'code' }, 'code')
          // An anonymous caller's tenant is the Tenant-Id header's (auth-context.ts), else the appliance's default.
          const tenantId = ctx.actor.tenantId || services?.config.defaultTenantId || PLATFORM_TENANT
          let rows = await items(ctx, tenantId, query.code)
          // A tenant without its own business entries for a code reads the system dictionary's.
          if (!rows.length && !global) rows = await systemDict.items(ctx, PLATFORM_TENANT, query.code)
          return rows
        },
      },
    },
  })

  /** Items of a code for pickers and labels, ordered by sort. */
  const items = async (ctx: Ctx, tenantId: string, c: string) =>
    ctx.db
      .select({
        id: table.id,
        parentId: table.parentId,
        code: table.code,
        dictKey: table.dictKey,
        dictValue: table.dictValue,
        dictValueEn: table.dictValueEn,
        sort: table.sort,
        remark: table.remark,
      })
      .from(table)
      .where(
        and(
          eq(table.code, c),
          ne(table.parentId, '0'),
          eq(table.status, 1),
          global
            ? notDeleted(table)
            : publicRows(table, tenantId, { why: 'a dictionary labels the screens of everyone in the school' }),
        ),
      )
      .orderBy(asc(table.sort))

  /** Everything under a parent entry (all levels, sharing its code), as a tree rooted at its children. */
  async function childList(ctx: Ctx, q: Q) {
    if (!q.parentId || !/^\d{1,20}$/.test(q.parentId))
      throw badRequest('validation.id', { field: 'parentId' }, 'parentId')
    const [parent] = await rowsWhere(ctx, eq(table.id, q.parentId))
    if (!parent) throw notFound()
    return buildTree(
      await resource.ops.all(
        ctx,
        { ...q, parentId: undefined, code: undefined },
        and(eq(table.code, parent.code as string), ne(table.id, parent.id as string)),
      ),
    )
  }
  const routes = (s: Services) => resource.routes(s)

  return { resource, routes, items }
}

export const systemDict = dictionary(dict, 'dict', 'system:dict', true)
export const bizDict = dictionary(dictBiz, 'dict-biz', 'system:dictbiz', false)
