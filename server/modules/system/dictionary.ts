import { Elysia } from 'elysia'
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm'
import { dict, dictBiz } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { envelope } from '../../lib/envelope.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { defineMessages, t as say } from '../../lib/messages.ts'
import { PUBLIC } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import { buildTree } from '../../lib/tree.ts'
import { platformWrites } from './platform-only.ts'

defineMessages({
  'dict.code': { zh: '请输入字典编号', en: 'please enter the dictionary code' },
  'dict.value': { zh: '请输入字典名称', en: 'please enter the dictionary name' },
  'dict.key': { zh: '请输入字典键值', en: 'please enter the dictionary key' },
  'dict.sort': { zh: '请输入字典排序', en: 'please enter the sort order' },
  'dict.sealed': { zh: '请选择字典封存', en: 'please select whether it is sealed' },
  'dict.parentMissing': { zh: '上级字典不存在', en: 'the parent dictionary does not exist' },
})

type DictTable = typeof dict | typeof dictBiz

/**
 * The system dictionary (shared, platform-written) and the business
 * dictionary (per tenant) have one shape, so one definition serves both.
 */
function dictionary(table: DictTable, service: 'dict' | 'dict-biz', code: string, global: boolean) {
  const resource = defineResource({
    table,
    path: `/api/blade-system/${service}`,
    code,
    global,
    search: ['code', 'dictValue', 'dictKey'],
    filters: ['parentId', 'isSealed'],
    messages: { code: 'dict.code', dictValue: 'dict.value', dictKey: 'dict.key', sort: 'dict.sort', isSealed: 'dict.sealed' },
    access: global ? platformWrites : undefined,
    skip: ['list'],
    async beforeWrite(ctx, w) {
      if (w.op === 'remove') {
        if (w.before.some((r) => r.isSealed === 1)) throw new ApiError(400, 'dict.sealed')
        const [{ n }] = await ctx.db.select({ n: count() }).from(table).where(and(inArray(table.parentId, w.before.map((r) => r.id as string)), eq(table.isDeleted, 0)))
        if (n) throw new ApiError(400, 'tree.hasChildren')
        return
      }
      // An item belongs to its parent's code; a parent's own key is -1.
      const parentId = (w.values.parentId ?? w.before[0]?.parentId ?? '0') as string
      if (parentId === '0') { w.values.dictKey ??= '-1'; return }
      const parent = await ctx.db.select().from(table).where(and(eq(table.id, parentId), await resource.where(ctx, 'list'))).get()
      if (!parent || parent.id === w.before[0]?.id) throw badRequest('dict.parentMissing', { field: 'parentId' }, 'parentId')
      w.values.code = parent.code
    },
  })

  const ok = (ctx: Ctx, data: unknown) => envelope(data, say(ctx.lang, 'ok'))
  /** Items of a code for pickers and labels; public, since the portal shows them to guests. */
  const items = async (ctx: Ctx, tenantId: string, c: string) => {
    const cond = and(eq(table.code, c), ne(table.parentId, '0'), eq(table.isDeleted, 0), eq(table.status, 1), global ? undefined : eq(table.tenantId, tenantId))
    return ctx.db.select({ id: table.id, parentId: table.parentId, code: table.code, dictKey: table.dictKey, dictValue: table.dictValue, dictValueEn: table.dictValueEn, sort: table.sort, remark: table.remark })
      .from(table).where(cond).orderBy(asc(table.sort))
  }

  const routes = (s: Services) =>
    new Elysia({ prefix: `/api/blade-system/${service}` })
      .use(authContext(s))
      .use(resource.routes(s))
      .get('/parent-list', async ({ ctx, query }) => ok(ctx, await resource.ops.page(ctx, { ...query, parentId: '0' })), { perm: code })
      .get('/child-list', async ({ ctx, query }) => {
        if (!query.parentId) throw badRequest('validation.id', { field: 'parentId' }, 'parentId')
        return ok(ctx, buildTree(await resource.ops.all(ctx, { ...query }) as never))
      }, { perm: code })
      .get('/list', async ({ ctx, query }) => ok(ctx, buildTree(await resource.ops.all(ctx, query) as never)), { perm: code })
      .get('/tree', async ({ ctx }) => ok(ctx, buildTree((await resource.ops.all(ctx)).map((r) => ({ id: r.id as string, parentId: r.parentId as string, title: r.dictValue, key: r.id, value: r.id, code: r.code })))), { perm: code })
      .get('/dictionary', async ({ ctx, query, headers }) => {
        if (!query.code) throw badRequest('validation.required', { field: 'code' }, 'code')
        const tenantId = ctx.actor.kind === 'user' ? ctx.actor.tenantId : (headers['tenant-id'] ?? s.config.defaultTenantId)
        let rows = await items(ctx, tenantId, query.code)
        // A tenant without its own business entries for a code reads the system dictionary's.
        if (!rows.length && !global) rows = await systemItems(ctx, query.code)
        return ok(ctx, rows)
      }, { perm: PUBLIC })

  return { resource, routes, items }
}

export const systemDict = dictionary(dict, 'dict', 'system:dict', true)
export const bizDict = dictionary(dictBiz, 'dict-biz', 'system:dictbiz', false)
const systemItems = (ctx: Ctx, code: string) => systemDict.items(ctx, '000000', code)
