import { Elysia } from 'elysia'
import { asc } from 'drizzle-orm'
import { productFields } from '../../../db/fields/iot.ts'
import { product } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { defineResource } from '../../lib/resource.ts'
import { randomToken } from '../../lib/tokens.ts'
import { newProductKey } from './demo-iot.ts'
import './messages.ts'
import { query as queryOf } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'

export const productResource = defineResource({
  table: product,
  path: '/api/blade-product/product',
  code: 'iot:product',
  search: ['name'],
  filters: ['categoryId', 'productKey'],
  fields: productFields,
  // Devices sign in to the broker as <productKey>/<sn>: a key is never reused, not even a removed product's.
  unique: [{ columns: ['productKey'], includeDeleted: true }],
  beforeWrite: (_ctx, w) => {
    if (w.op === 'remove') return
    // The key and secret are the server's: generated once, never taken from a form.
    delete w.values.productKey
    delete w.values.productSecret
    if (w.op === 'insert') Object.assign(w.values, { productKey: newProductKey(), productSecret: randomToken() })
  },
})

export const productRoutes = (s: Services) =>
  handWritten(
    "the device and OTA forms' product picker: every product, unpaged, name and id only",
    productRoutesPlugin(s),
  )

const productRoutesPlugin = (s: Services) =>
  new Elysia().use(productResource.routes(s)).use(
    new Elysia({ prefix: productResource.options.path })
      .use(authContext(s))
      // Pickers (device form, OTA form) want every product, unpaged, name and id only.
      .get(
        '/allproduct',
        async ({ ctx }) => {
          const rows = await ctx.db
            .select({
              id: product.id,
              name: product.name,
              productKey: product.productKey,
              categoryId: product.categoryId,
            })
            .from(product)
            .where(await productResource.scope(ctx))
            .orderBy(asc(product.name))
          return ok(ctx, rows)
        },
        { perm: ['iot:product', 'iot:device', 'iot:ota', 'iot:command'], query: queryOf() },
      ),
  )
