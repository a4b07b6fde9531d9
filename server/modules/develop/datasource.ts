import { Type as t } from '@sinclair/typebox'
import { datasource } from '../../../db/schema/index.ts'
import { datasourceFields } from '../../../db/fields/develop.ts'
import type { Ctx } from '../../lib/context.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'
import { seal } from '../../lib/sealed.ts'
import { APPLIANCE, checkDatasourceHost, endpointOf } from './connect.ts'
import { PLATFORM_ONLY, secretOf } from './platform.ts'

defineMessages({
  'develop.builtin': {
    zh: '本机数据库是内置数据源，不能修改或删除',
    en: 'the appliance’s own database is built in and cannot be changed or removed',
  },
  'develop.driverClass': {
    zh: '请选择 PostgreSQL 或 MySQL（本机数据库已内置）',
    en: 'please select PostgreSQL or MySQL (the appliance’s own database is built in)',
  },
  'develop.datasource.taken': { zh: '数据源名称已存在', en: 'a datasource of that name exists' },
})

/** What a form shows for a stored password: that one is set, never the value (nor its sealed form). */
const MASK = '******'
const PASSWORD_MAX = 128

/** The body with the password sealed; blank (or the mask sent back) keeps the stored one. */
function sealedPassword(body: unknown, secret: string): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  const b = { ...(body as Record<string, unknown>) }
  const v = b.password
  if (typeof v !== 'string' || !v || v === MASK) delete b.password
  else if (v.length > PASSWORD_MAX)
    throw badRequest('validation.tooLong', { field: 'password', max: PASSWORD_MAX }, 'password')
  else b.password = seal(secret, v)
  return b
}

const masked = <R extends { password?: string | null }>(r: R): R => ({ ...r, password: r.password ? MASK : '' })

/**
 * Datasources (blade-develop/datasource): the appliance's own database (a built-in row) and external PostgreSQL or
 * MySQL servers, whose host passes the outbound policy and whose password is sealed at rest and masked in answers.
 * The platform administrator's alone (platform.ts).
 */
export const datasourceResource = defineResource({
  table: datasource,
  path: '/api/blade-develop/datasource',
  code: 'develop:datasource',
  global: true,
  search: ['name'],
  filters: ['driverClass'],
  fields: datasourceFields,
  // Sealed (base64 of AES-GCM) by the time the factory checks it.
  body: { password: t.Optional(t.Union([t.String({ maxLength: 400 }), t.Null()])) },
  unique: [{ columns: ['name'], message: 'develop.datasource.taken' }],
  access: PLATFORM_ONLY,
  read: { rows: (_ctx, rows) => rows.map(masked) },
  skip: ['submit'],
  actions: {
    submit: {
      button: ['add', 'edit'],
      run: async (ctx, { sent, services }): Promise<unknown> =>
        masked(await datasourceResource.ops.submit(ctx, sealedPassword(sent, secretOf(services)))),
    },
  },
  beforeWrite: async (ctx: Ctx, w) => {
    if (w.before.some((r) => r.driverClass === APPLIANCE)) throw new ApiError(400, 'develop.builtin')
    if (w.op === 'remove') return
    const merged = { ...w.before[0], ...w.values }
    if (merged.driverClass !== 'postgresql' && merged.driverClass !== 'mysql')
      throw badRequest('develop.driverClass', { field: 'driverClass' }, 'driverClass')
    if (!merged.url) throw badRequest('develop.url', { field: 'url' }, 'url')
    const e = endpointOf(merged.url)
    if ((e.engine === 'mysql') !== (merged.driverClass === 'mysql'))
      throw badRequest('develop.url', { field: 'url' }, 'url')
    // The appliance connects to this host for the platform: it must pass the outbound policy.
    await checkDatasourceHost(ctx, e, { field: 'url' })
  },
})
