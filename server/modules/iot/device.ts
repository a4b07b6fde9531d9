import { Elysia } from 'elysia'
import { and, eq, ne } from 'drizzle-orm'
import { device, product } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource.ts'
import { scope } from '../../lib/scope.ts'
import { now } from '../../lib/time.ts'
import { randomToken } from '../../lib/tokens.ts'
import { TOPIC_SAFE } from './topics.ts'
import './messages.ts'

/** Columns the broker keeps: a form can neither set nor clear them. */
const BROKER_OWNED = ['status', 'activeTime', 'lastSeen', 'secret', 'firmVersion'] as const

export const deviceResource = defineResource({
  table: device,
  path: '/api/blade-device/device',
  code: 'iot:device',
  search: ['name', 'sn'],
  filters: ['productId', 'status'],
  messages: { name: 'iot.device.name', productId: 'iot.device.product', sn: 'iot.device.sn' },
  // The secret is the device's password: shown only through /secret and /rotate-secret, to editors.
  hidden: ['secret'],
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    for (const k of BROKER_OWNED) delete w.values[k]
    const productId = w.values.productId ?? w.before[0]?.productId
    const sn = w.values.sn ?? w.before[0]?.sn
    if (w.values.productId !== undefined) {
      const owner = await ctx.db
        .select({ id: product.id })
        .from(product)
        .where(and(await scope(product, ctx), eq(product.id, w.values.productId)))
        .get()
      if (!owner) throw badRequest('iot.device.product', {}, 'productId')
    }
    if (w.values.sn !== undefined && !TOPIC_SAFE.test(w.values.sn)) throw badRequest('iot.device.snFormat', {}, 'sn')
    for (const [f, bound] of [
      ['lat', 90],
      ['lon', 180],
    ] as const) {
      const v = w.values[f]
      if (v !== undefined && v !== null && Math.abs(v) > bound) throw badRequest('iot.device.coords', {}, f)
    }
    const clash = await ctx.db
      .select({ id: device.id })
      .from(device)
      .where(
        and(
          eq(device.productId, productId!),
          eq(device.sn, sn!),
          eq(device.isDeleted, 0),
          w.op === 'update' ? ne(device.id, w.before[0].id) : undefined,
        ),
      )
      .get()
    if (clash) throw new ApiError(409, 'iot.device.snTaken', {}, true, 'sn')
    if (w.op === 'insert') w.values.secret = randomToken()
  },
})

export const deviceRoutes = (s: Services) =>
  new Elysia().use(deviceResource.routes(s)).use(
    new Elysia({ prefix: deviceResource.options.path })
      .use(authContext(s))
      .get(
        '/secret',
        async ({ ctx, query }) => {
          const d = await deviceResource.ops.detail(ctx, query.id)
          const row = await ctx.db.select({ secret: device.secret }).from(device).where(eq(device.id, d.id)).get()
          return ok(ctx, { id: d.id, secret: row?.secret ?? '' })
        },
        { perm: 'iot:device:edit' },
      )
      // A new secret ends the device's connections: whoever held the old one is out at once.
      .post(
        '/rotate-secret',
        async ({ ctx, query }) => {
          const d = await deviceResource.ops.detail(ctx, query.id)
          const secret = randomToken()
          await ctx.db
            .update(device)
            .set({ secret, updateUser: ctx.actor.userId, updateTime: now() })
            .where(eq(device.id, d.id))
          s.mqtt?.disconnectDevice(d.id)
          return ok(ctx, { id: d.id, secret })
        },
        { perm: 'iot:device:edit' },
      ),
  )
