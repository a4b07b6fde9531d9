/**
 * The portal's IoT pages (spec portal §2: /home/iot, /home/iot-device, /home/iot-device-detail), open to
 * visitors of the school's tenant: the product catalogue with how many devices are online, a product's devices
 * and one device with its latest reading, its numeric fields' recent history, and the broker topics a signed-in
 * visitor's page listens to for its status and readings (a guest's page polls instead). Each is a public view
 * (server/lib/resource-views.ts) of its resource — products, devices, device logs — whose read side adds the
 * live state; the resources declare them.
 */
import { t } from 'elysia'
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { device, deviceLog, product } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { notFound } from '../../lib/errors.ts'
import type { PublicView, Row } from '../../lib/resource-types.ts'
import { text } from '../../lib/request-schema.ts'
import { publicRows } from '../../lib/tenant-rows.ts'
import { first } from '../../lib/rows.ts'
import { FIELD, numericField } from './readings.ts'
import { deviceStatusTopic, deviceTelemetryTopic } from './topics.ts'

const PORTAL = 'what the school shows of its devices on the portal'

/** Points of one field the device page's chart starts from (newer ones arrive over the broker). */
const SERIES_POINTS = 300

/** An id the query must carry, refused with the handlers' own message naming it. */
const idParam = (description: string) => t.String({ pattern: '^\\d{1,20}$', error: 'validation.id', description })

/** The catalogue: every product of the school by name, with how many of its devices there are and are online. */
export const productCatalogue: PublicView = {
  path: '/api/nop-wbp/iot/product',
  why: PORTAL,
  routes: ['list'],
  all: {},
  fields: ['id', 'name', 'categoryId', 'imgUrl', 'remark'],
  orderBy: (c) => [asc(c.name)],
  query: { list: {} },
  // Both counts for the whole catalogue in one grouped look-up.
  rows: async (ctx, rows) => {
    const ids = rows.map((r) => r.id as string)
    const counts = ids.length
      ? await ctx.db
          .select({
            productId: device.productId,
            devices: count(),
            // count() of a CASE rather than sum() of a comparison: PostgreSQL sums no booleans.
            online: count(sql`case when ${device.status} = 1 then 1 end`),
          })
          .from(device)
          .where(and(publicRows(device, ctx.actor.tenantId, { why: PORTAL }), inArray(device.productId, ids)))
          .groupBy(device.productId)
      : []
    const byProduct = new Map(counts.map((c) => [c.productId, c]))
    return rows.map((r) => ({
      ...r,
      devices: byProduct.get(r.id as string)?.devices ?? 0,
      online: byProduct.get(r.id as string)?.online ?? 0,
    }))
  },
}

/**
 * A product's devices (list, by name) and one device (detail) as a visitor may see them: no secret, no serial
 * number, no coordinates. The detail adds its product's name, its latest reading and the topics of its live state.
 */
export const portalDevices: PublicView = {
  path: '/api/nop-wbp/iot/device',
  why: PORTAL,
  all: {},
  fields: ['id', 'name', 'productId', 'status', 'activeTime', 'lastSeen', 'firmVersion', 'addr'],
  orderBy: (c) => [asc(c.name)],
  filters: ['productId'],
  query: { list: { productId: idParam('product') }, detail: { id: text('device') } },
  rows: async (ctx, rows, route) => (route === 'detail' ? Promise.all(rows.map((r) => liveDevice(ctx, r))) : rows),
  actions: {
    // One numeric field of a shown device: its last SERIES_POINTS readings, oldest first, as [{ time, value }].
    series: {
      method: 'GET',
      query: {
        id: idParam('device'),
        field: t.String({ pattern: FIELD.source, error: 'validation.invalid', description: 'numeric telemetry field' }),
      },
      run: async (ctx, { query, where }) => {
        // A device the school does not show has no readings to show: 404, as its detail.
        const shown = await first(
          ctx.db
            .select({ id: device.id })
            .from(device)
            .where(and(where, eq(device.id, query.id!))),
        )
        if (!shown) throw notFound()
        const { value, isNumber } = numericField(query.field!)
        const rows = await ctx.db
          .select({ time: deviceLog.createTime, value })
          .from(deviceLog)
          .where(and(eq(deviceLog.deviceId, shown.id), isNumber))
          .orderBy(desc(deviceLog.createTime))
          .limit(SERIES_POINTS)
        return rows.reverse()
      },
    },
  },
}

async function liveDevice(ctx: Ctx, row: Row) {
  const id = row.id as string
  const of = await first(
    ctx.db
      .select({ name: product.name })
      .from(product)
      // The product a shown device belongs to is named even once removed, as the device still is.
      .where(
        and(
          publicRows(product, ctx.actor.tenantId, { why: PORTAL, withDeleted: true }),
          eq(product.id, row.productId as string),
        ),
      ),
  )
  if (!of) throw notFound()
  const last = await first(
    ctx.db
      .select({ time: deviceLog.createTime, content: deviceLog.content })
      .from(deviceLog)
      .where(and(eq(deviceLog.deviceId, id), eq(deviceLog.type, 'telemetry')))
      .orderBy(desc(deviceLog.createTime)),
  )
  let latest: { time: string; data: Record<string, unknown> } | null = null
  try {
    const data = last && JSON.parse(last.content ?? '')
    if (data && typeof data === 'object' && !Array.isArray(data)) latest = { time: last!.time!, data }
  } catch {
    /* a reading that is not JSON has no fields to show */
  }
  return {
    ...row,
    productName: of.name,
    latest,
    topics: {
      status: deviceStatusTopic(ctx.actor.tenantId, id),
      telemetry: deviceTelemetryTopic(ctx.actor.tenantId, id),
    },
  }
}
