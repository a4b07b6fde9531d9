import { and, eq } from 'drizzle-orm'
import { deviceFields } from '../../../db/fields/iot.ts'
import { device, product } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource.ts'
import { now } from '../../lib/time.ts'
import { randomToken } from '../../lib/tokens.ts'
import './messages.ts'
import { productResource } from './product.ts'
import { first } from '../../lib/rows.ts'
import { portalDevices } from './portal-iot.ts'

/** Columns the broker keeps: a form can neither set nor clear them. */
const BROKER_OWNED = ['status', 'activeTime', 'lastSeen', 'secret', 'firmVersion'] as const

export const deviceResource = defineResource({
  table: device,
  path: '/api/blade-device/device',
  code: 'iot:device',
  search: ['name', 'sn'],
  filters: ['productId', 'status'],
  fields: deviceFields,
  // The secret is the device's password: shown only through /secret and /rotate-secret, to editors.
  hidden: ['secret'],
  // The broker's user name is <productKey>/<sn>: one live device per sn within a product.
  unique: [{ columns: ['productId', 'sn'], field: 'sn', message: 'iot.device.snTaken' }],
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    for (const k of BROKER_OWNED) delete w.values[k]
    if (w.values.productId !== undefined) {
      const owner = await first(
        ctx.db
          .select({ id: product.id })
          .from(product)
          .where(and(await productResource.scope(ctx), eq(product.id, w.values.productId))),
      )
      if (!owner) throw badRequest('iot.device.product', {}, 'productId')
    }
    if (w.op === 'insert') w.values.secret = randomToken()
  },
  actions: {
    secret: {
      method: 'GET',
      button: 'edit',
      target: { one: 'id' },
      run: async (ctx, { rows: [d] }) => {
        const row = await first(ctx.db.select({ secret: device.secret }).from(device).where(eq(device.id, d.id)))
        return { id: d.id, secret: row?.secret ?? '' }
      },
    },
    // A new secret ends the device's connections: whoever held the old one is out at once — once it is stored.
    'rotate-secret': {
      button: 'edit',
      target: { one: 'id' },
      run: async (ctx, { rows: [d] }) => {
        const secret = randomToken()
        await ctx.db
          .update(device)
          .set({ secret, updateUser: ctx.actor.userId, updateTime: now() })
          .where(eq(device.id, d.id))
        return { id: d.id, secret }
      },
      afterCommit: (_ctx, { rows: [d], services }) => services?.mqtt?.disconnectDevice(d.id),
    },
  },
  views: [portalDevices],
})

export const deviceRoutes = (s: Services) => deviceResource.routes(s)
