import { Type as t } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { devModel, dict, dictBiz } from '../../../db/schema/index.ts'
import { modelFields } from '../../../db/fields/develop.ts'
import type { Ctx } from '../../lib/context.ts'
import { ApiError, badRequest, notFound } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'
import { notDeleted, tenantRows } from '../../lib/tenant-rows.ts'
import { withCatalog } from './connect.ts'
import { datasourceResource } from './datasource.ts'
import { PLATFORM_ONLY, secretOf } from './platform.ts'
import { COMMON_PROPERTIES, Prototype, prototypesOf, type Prototype as ProtoRow } from './prototype.ts'

defineMessages({
  'develop.table': { zh: '数据源中没有表 {table}', en: 'the datasource has no table {table}' },
  'develop.tableName': { zh: '请输入表名', en: 'please enter the table name' },
  'develop.prototypes': {
    zh: '字段原型有误：{problem}',
    en: 'the field prototypes are not valid: {problem}',
  },
  'develop.model.taken': { zh: '模型编号已存在', en: 'a model with that code exists' },
})

const MAX_PROTOTYPES = 200
const Prototypes = t.Array(Prototype, { maxItems: MAX_PROTOTYPES })

/** A model's stored prototypes (JSON text), or none when they were never edited. */
function storedPrototypes(text: string | null | undefined): ProtoRow[] | null {
  if (!text) return null
  const v: unknown = JSON.parse(text)
  return Value.Check(Prototypes, v) ? v : null
}

/** Prototypes as sent: each checked against the schema, their field names unique and clear of the common columns. */
function checkedPrototypes(v: unknown): string {
  const problem = (p: string) => badRequest('develop.prototypes', { field: 'prototypes', problem: p }, 'prototypes')
  const first = Value.Errors(Prototypes, v).First()
  if (first) throw problem(`${first.path || '/'} ${first.message}`)
  const list = Value.Cast(Prototypes, v)
  const seen = new Set<string>()
  for (const p of list) {
    if (COMMON_PROPERTIES.includes(p.propertyName) || seen.has(p.propertyName)) throw problem(p.propertyName)
    seen.add(p.propertyName)
  }
  return JSON.stringify(list)
}

/** Dictionary codes the guess may name: the system ones and the platform's business ones. */
async function knownDicts(ctx: Ctx) {
  const why = 'which dictionary codes exist, to name one in a field prototype'
  const sys = await ctx.db
    .selectDistinct({ code: dict.code })
    .from(dict)
    // The system dictionary is the platform's, one for every school (dictionary.ts reads it without a tenant).
    .where(notDeleted(dict))
  const biz = await ctx.db
    .selectDistinct({ code: dictBiz.code })
    .from(dictBiz)
    .where(tenantRows(dictBiz, ctx.actor.tenantId, { why }))
  return [...sys.map((d) => ({ code: d.code, biz: false })), ...biz.map((d) => ({ code: d.code, biz: true }))]
}

/** A datasource id the caller may read, else a 400 naming the field (not the 404 of an id in the path). */
async function knownDatasource(ctx: Ctx, id: string) {
  try {
    await datasourceResource.ops.detail(ctx, id)
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      throw badRequest('validation.invalid', { field: 'datasourceId' }, 'datasourceId')
    throw err
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

/** The table's description from its datasource (404 when the datasource is not the caller's to read). */
async function tableOf(ctx: Ctx, secret: string, datasourceId: string, table: string) {
  if (!table) throw badRequest('develop.tableName', { field: 'tableName' }, 'tableName')
  const source = await datasourceResource.ops.detail(ctx, datasourceId)
  const info = await withCatalog(ctx, secret, source, (c) => c.table(table))
  if (!info) throw badRequest('develop.table', { field: 'tableName', table }, 'tableName')
  return info
}

/**
 * Models (blade-develop/model): a table of a datasource with its field prototypes. `table-list` and `table-info`
 * read the datasource's own catalogue; `model-prototype` answers the prototypes the administrator saved with the
 * model, or, before that, the ones its table's columns suggest (prototype.ts).
 */
export const modelResource = defineResource({
  table: devModel,
  path: '/api/blade-develop/model',
  code: 'develop:model',
  global: true,
  search: ['modelName', 'modelCode', 'modelTable'],
  filters: ['datasourceId'],
  fields: modelFields,
  body: { prototypes: t.Optional(t.Union([t.Array(t.Unknown(), { maxItems: MAX_PROTOTYPES }), t.Null()])) },
  unique: [{ columns: ['modelCode'], message: 'develop.model.taken' }],
  access: PLATFORM_ONLY,
  read: {
    rows: (_ctx, rows) => rows.map((r) => ({ ...r, prototypes: storedPrototypes(text(r.prototypes)) })),
  },
  actions: {
    'table-list': {
      method: 'GET',
      button: ['add', 'edit', 'view'],
      run: async (ctx, { query, services }) => {
        const source = await datasourceResource.ops.detail(ctx, text(query.datasourceId))
        return withCatalog(ctx, secretOf(services), source, (c) => c.tables())
      },
    },
    'table-info': {
      method: 'GET',
      button: ['add', 'edit', 'view'],
      run: async (ctx, { query, services }) =>
        tableOf(ctx, secretOf(services), text(query.datasourceId), text(query.tableName)),
    },
    'model-prototype': {
      method: 'GET',
      button: ['edit', 'view'],
      target: { one: 'modelId' },
      verb: 'detail',
      run: async (ctx, { rows: [model], services }) => {
        if (!model) throw notFound()
        const stored = storedPrototypes(model.prototypes)
        if (stored) return stored
        const info = await tableOf(ctx, secretOf(services), model.datasourceId, model.modelTable)
        return prototypesOf(info, await knownDicts(ctx))
      },
    },
  },
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    const sent: unknown = w.values.prototypes
    if (sent !== undefined && sent !== null) w.values.prototypes = checkedPrototypes(sent)
    // The datasource must be one the caller may read (404 otherwise, as for any id out of scope).
    if (w.values.datasourceId) await knownDatasource(ctx, String(w.values.datasourceId))
  },
})
