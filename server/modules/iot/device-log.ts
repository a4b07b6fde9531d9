import { Elysia } from 'elysia'
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import { deviceLogFields } from '../../../db/fields/iot.ts'
import { deviceLog } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource.ts'
import { deviceResource } from './device.ts'
import { query as queryOf, text } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'

/** Device logs are written by the broker only: the API lists them (filters: device, product, type, time range). */
export const deviceLogResource = defineResource({
  table: deviceLog,
  path: '/api/blade-deviceLog/deviceLog',
  code: 'iot:deviceLog',
  search: ['content'],
  filters: ['deviceId', 'productId', 'type'],
  dates: ['createTime'],
  fields: deviceLogFields,
  skip: ['submit', 'remove', 'detail'],
})

/** A telemetry field name as a JSON path step (letters, digits, _ and .). */
export const FIELD = /^[A-Za-z_][A-Za-z0-9_.]{0,63}$/

export const deviceLogRoutes = (s: Services) =>
  handWritten(
    'one telemetry field of one device over time: values taken out of JSON readings for a chart',
    deviceLogRoutesPlugin(s),
  )

const deviceLogRoutesPlugin = (s: Services) =>
  new Elysia().use(deviceLogResource.routes(s)).use(
    new Elysia({ prefix: deviceLogResource.options.path })
      .use(authContext(s))
      // One numeric telemetry field of one device over time, for the chart: [time, value] pairs, oldest first.
      .get(
        '/series',
        async ({ ctx, query }) => {
          const dev = await deviceResource.ops.detail(ctx, query.deviceId)
          const field = query.field ?? ''
          if (!FIELD.test(field)) throw badRequest('validation.invalid', { field: 'field' }, 'field')
          for (const f of ['from', 'to'] as const)
            if (query[f] && !/^\d{4}-\d{2}-\d{2}/.test(query[f]!)) throw badRequest('validation.date', { field: f }, f)
          const value = sql<number | null>`json_extract(${deviceLog.content}, ${`$.${field}`})`
          const rows = await ctx.db
            .select({ time: deviceLog.createTime, value })
            .from(deviceLog)
            .where(
              and(
                await deviceLogResource.where(ctx, 'list'),
                eq(deviceLog.deviceId, dev.id),
                eq(deviceLog.type, 'telemetry'),
                sql`json_valid(${deviceLog.content})`,
                sql`typeof(${value}) in ('integer', 'real')`,
                query.from ? gte(deviceLog.createTime, query.from) : undefined,
                query.to ? lt(deviceLog.createTime, query.to) : undefined,
              ),
            )
            .orderBy(asc(deviceLog.createTime))
            .limit(5000)
          return ok(ctx, rows)
        },
        {
          perm: 'iot:deviceLog',
          query: queryOf({
            deviceId: text('device'),
            field: text('numeric telemetry field'),
            from: text('from (yyyy-MM-dd…)'),
            to: text('before (yyyy-MM-dd…)'),
          }),
        },
      ),
  )
