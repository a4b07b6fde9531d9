import { getTableName, is, Table } from 'drizzle-orm'
import * as schema from '../../../db/schema/index.ts'
import { devCode } from '../../../db/schema/index.ts'
import { codeFields } from '../../../db/fields/develop.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'
import { existingPaths, generatedFiles, zipOf } from './generate/bundle.ts'
import type { AreaSpec } from './generate/spec.ts'
import { modelResource } from './model.ts'
import { PLATFORM_ONLY } from './platform.ts'

defineMessages({
  'develop.area.exists': {
    zh: '模块目录 {area} 已存在，生成会覆盖它：请换一个名称',
    en: 'the area {area} exists already and generating would replace it: choose another name',
  },
  'develop.entity.taken': {
    zh: '模型编号 {entity} 与现有代码中的名称冲突，请在模型中换一个编号',
    en: 'the model code {entity} clashes with a name the code already has: change it in the model',
  },
  'develop.table.taken': { zh: '表 {table} 已存在', en: 'the table {table} exists already' },
  'develop.generated': { zh: '代码生成成功', en: 'code generated' },
})

/** Words an entity may not be named: JavaScript's reserved words, which cannot name the table's export. */
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await'.split(
    ' ',
  ),
)

const schemaNames = new Set(Object.keys(schema))
const schemaTables = new Set<string>(Object.values(schema).flatMap((v) => (is(v, Table) ? [getTableName(v)] : [])))

type CodeRow = typeof devCode.$inferSelect

/** What generating a code row would write, refused (400 naming the field) where it would clash with the project. */
async function specOf(ctx: Ctx, row: CodeRow, services: Services | undefined): Promise<AreaSpec> {
  const model = await modelResource.ops.detail(ctx, row.modelId)
  const prototypes = await modelResource.ops.actions['model-prototype'](ctx, { ids: model.id, services })
  const s: AreaSpec = {
    area: row.packageName,
    service: row.serviceName,
    entity: model.modelCode,
    table: row.tableName,
    label: { zh: row.codeName, en: row.codeNameEn },
    entityLabel: { zh: model.modelName, en: model.modelNameEn },
    prototypes,
  }
  checkNames(s)
  return s
}

/** A model id the caller may read, else a 400 naming the field (not the 404 of an id in the path). */
async function knownModel(ctx: Ctx, id: string) {
  try {
    return await modelResource.ops.detail(ctx, id)
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      throw badRequest('validation.invalid', { field: 'modelId' }, 'modelId')
    throw err
  }
}

function checkNames(s: Pick<AreaSpec, 'area' | 'entity' | 'table'>) {
  if (existingPaths(s.area).length)
    throw badRequest('develop.area.exists', { field: 'packageName', area: s.area }, 'packageName')
  const names = [s.entity, `${s.entity}Fields`, `${s.entity}Resource`]
  if (RESERVED.has(s.entity) || names.some((n) => schemaNames.has(n)))
    throw badRequest('develop.entity.taken', { field: 'modelId', entity: s.entity }, 'modelId')
  if (schemaTables.has(s.table))
    throw badRequest('develop.table.taken', { field: 'tableName', table: s.table }, 'tableName')
}

/**
 * Code generations (blade-develop/code): which model becomes which area. `gen-code` answers a zip of Atrium's own
 * five-file pattern for each (generate/bundle.ts) with both engines' migrations and a test; `copy` makes a new row
 * from one (BladeX names the copy "<name>-copy").
 */
export const codeResource = defineResource({
  table: devCode,
  path: '/api/blade-develop/code',
  code: 'develop:code',
  global: true,
  search: ['codeName', 'tableName'],
  filters: ['modelId', 'serviceName'],
  fields: codeFields,
  access: PLATFORM_ONLY,
  actions: {
    copy: {
      button: 'copy',
      target: { one: 'id' },
      verb: 'detail',
      run: async (ctx, { rows: [row] }): Promise<unknown> =>
        codeResource.ops.submit(ctx, {
          modelId: row!.modelId,
          codeName: `${row!.codeName}-copy`.slice(0, 64),
          codeNameEn: `${row!.codeNameEn}-copy`.slice(0, 64),
          serviceName: row!.serviceName,
          packageName: row!.packageName,
          tableName: row!.tableName,
          remark: row!.remark,
        }),
    },
    'gen-code': {
      method: 'GET',
      button: 'gen',
      target: { many: 'ids' },
      verb: 'detail',
      run: async (ctx, { rows, services }): Promise<Response> => {
        const specs: AreaSpec[] = []
        for (const row of rows) specs.push(await specOf(ctx, row, services))
        const zip = zipOf(await generatedFiles(specs))
        const name = specs.length === 1 ? specs[0]!.area : 'atrium-code'
        return new Response(new Blob([zip as BlobPart]), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': `attachment; filename="${name}.zip"`,
          },
        })
      },
    },
  },
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    const merged = { ...w.before[0], ...w.values }
    // Checked again at generation: the project may have gained the area since.
    const model = await knownModel(ctx, String(merged.modelId ?? ''))
    checkNames({ area: String(merged.packageName), entity: model.modelCode, table: String(merged.tableName) })
  },
})
