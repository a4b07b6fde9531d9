import { Elysia } from 'elysia'
import { and, desc, asc, eq, sql } from 'drizzle-orm'
import { device, deviceLog, product } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { PUBLIC } from '../../lib/permissions.ts'
import { FIELD } from './device-log.ts'
import { deviceStatusTopic, deviceTelemetryTopic } from './topics.ts'
import { publicRows } from '../../lib/tenant-rows.ts'
import { query as queryOf, text } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'

const PORTAL = 'what the school shows of its devices on the portal'

/** Points of one field the device page's chart starts from (newer ones arrive over the broker). */
const SERIES_POINTS = 300

const idOf = (v: unknown, field = 'id') => {
  if (typeof v !== 'string' || !/^\d{1,20}$/.test(v)) throw badRequest('validation.id', { field }, field)
  return v
}

/** What a visitor may see of a device: no secret, no serial number, no coordinates. */
const publicDevice = {
  id: device.id,
  name: device.name,
  productId: device.productId,
  status: device.status,
  activeTime: device.activeTime,
  lastSeen: device.lastSeen,
  firmVersion: device.firmVersion,
  addr: device.addr,
}

/**
 * The portal's IoT pages (spec portal §2: /home/iot, /home/iot-device, /home/iot-device-detail), open to
 * visitors of the school's tenant: the product catalogue with how many devices are online, a product's
 * devices and one device with its latest reading, its numeric fields' recent history, and the broker topics
 * a signed-in visitor's page listens to for its status and readings (a guest's page polls instead).
 */
export const portalIotRoutes = (s: Services) =>
  handWritten(
    "the portal's public products and devices with their live state, and a device's readings series",
    portalIotRoutesPlugin(s),
  )

const portalIotRoutesPlugin = (s: Services) =>
  new Elysia({ prefix: '/api/nop-wbp/iot' })
    .use(authContext(s))
    .get(
      '/product/list',
      async ({ ctx }) =>
        ok(
          ctx,
          await ctx.db
            .select({
              id: product.id,
              name: product.name,
              categoryId: product.categoryId,
              imgUrl: product.imgUrl,
              remark: product.remark,
              devices: sql<number>`(select count(*) from blade_device d where d.product_id = blade_product.id and d.is_deleted = 0)`,
              online: sql<number>`(select count(*) from blade_device d where d.product_id = blade_product.id and d.is_deleted = 0 and d.status = 1)`,
            })
            .from(product)
            .where(publicRows(product, ctx.actor.tenantId, { why: PORTAL }))
            .orderBy(asc(product.name)),
        ),
      { perm: PUBLIC, query: queryOf() },
    )
    .get(
      '/device/list',
      async ({ ctx, query }) => {
        const productId = idOf(query.productId, 'productId')
        return ok(
          ctx,
          await ctx.db
            .select(publicDevice)
            .from(device)
            .where(and(publicRows(device, ctx.actor.tenantId, { why: PORTAL }), eq(device.productId, productId)))
            .orderBy(asc(device.name)),
        )
      },
      { perm: PUBLIC, query: queryOf({ productId: text('product') }) },
    )
    .get(
      '/device/detail',
      async ({ ctx, query }) => {
        const row = await ctx.db
          .select({ ...publicDevice, productName: product.name })
          .from(device)
          .innerJoin(product, eq(product.id, device.productId))
          .where(and(eq(device.id, idOf(query.id)), publicRows(device, ctx.actor.tenantId, { why: PORTAL })))
          .get()
        if (!row) throw notFound()
        const last = await ctx.db
          .select({ time: deviceLog.createTime, content: deviceLog.content })
          .from(deviceLog)
          .where(and(eq(deviceLog.deviceId, row.id), eq(deviceLog.type, 'telemetry')))
          .orderBy(desc(deviceLog.createTime))
          .limit(1)
          .get()
        let latest: { time: string; data: Record<string, unknown> } | null = null
        try {
          const data = last && JSON.parse(last.content ?? '')
          if (data && typeof data === 'object' && !Array.isArray(data)) latest = { time: last!.time!, data }
        } catch {
          /* a reading that is not JSON has no fields to show */
        }
        return ok(ctx, {
          ...row,
          latest,
          topics: {
            status: deviceStatusTopic(ctx.actor.tenantId, row.id),
            telemetry: deviceTelemetryTopic(ctx.actor.tenantId, row.id),
          },
        })
      },
      { perm: PUBLIC, query: queryOf({ id: text('device') }) },
    )
    .get(
      '/device/series',
      async ({ ctx, query }) => {
        const id = idOf(query.id)
        const field = query.field ?? ''
        if (!FIELD.test(field)) throw badRequest('validation.invalid', { field: 'field' }, 'field')
        const mine = await ctx.db
          .select({ id: device.id })
          .from(device)
          .where(and(eq(device.id, id), publicRows(device, ctx.actor.tenantId, { why: PORTAL })))
          .get()
        if (!mine) throw notFound()
        const value = sql<number>`json_extract(${deviceLog.content}, ${`$.${field}`})`
        const rows = await ctx.db
          .select({ time: deviceLog.createTime, value })
          .from(deviceLog)
          .where(
            and(
              eq(deviceLog.deviceId, id),
              eq(deviceLog.type, 'telemetry'),
              sql`json_valid(${deviceLog.content})`,
              sql`typeof(${value}) in ('integer', 'real')`,
            ),
          )
          .orderBy(desc(deviceLog.createTime))
          .limit(SERIES_POINTS)
        return ok(ctx, rows.reverse())
      },
      {
        perm: PUBLIC,
        query: queryOf({
          id: text('device'),
          field: text('numeric telemetry field'),
        }),
      },
    )
