import { Type } from '@sinclair/typebox'
import { and, asc, eq, gte, lt } from 'drizzle-orm'
import { deviceLogFields } from '../../../db/fields/iot.ts'
import { deviceLog } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource.ts'
import { deviceResource } from './device.ts'
import { FIELD, numericField } from './readings.ts'

/** A query parameter as text: the series checks each one itself, with its own message naming it. */
const text = (description: string) => Type.Optional(Type.String({ description }))

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
  actions: {
    // One numeric telemetry field of one device over time, for the chart: [time, value] pairs, oldest first.
    series: {
      method: 'GET',
      button: 'iot:deviceLog',
      body: {
        deviceId: text('device'),
        field: text('numeric telemetry field'),
        from: text('from (yyyy-MM-dd…)'),
        to: text('before (yyyy-MM-dd…)'),
      },
      run: async (ctx, { body }): Promise<{ time: string | null; value: number | null }[]> => {
        const q = body as Record<string, string | undefined>
        const dev = await deviceResource.ops.detail(ctx, q.deviceId)
        const field = q.field ?? ''
        if (!FIELD.test(field)) throw badRequest('validation.invalid', { field: 'field' }, 'field')
        for (const f of ['from', 'to'] as const)
          if (q[f] && !/^\d{4}-\d{2}-\d{2}/.test(q[f]!)) throw badRequest('validation.date', { field: f }, f)
        const { value, isNumber } = numericField(field)
        return ctx.db
          .select({ time: deviceLog.createTime, value })
          .from(deviceLog)
          .where(
            and(
              await deviceLogResource.where(ctx, 'list'),
              eq(deviceLog.deviceId, dev.id),
              isNumber,
              q.from ? gte(deviceLog.createTime, q.from) : undefined,
              q.to ? lt(deviceLog.createTime, q.to) : undefined,
            ),
          )
          .orderBy(asc(deviceLog.createTime))
          .limit(5000)
      },
    },
  },
})

export const deviceLogRoutes = (s: Services) => deviceLogResource.routes(s)
