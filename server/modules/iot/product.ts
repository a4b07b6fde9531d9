import { asc } from 'drizzle-orm'
import { productFields } from '../../../db/fields/iot.ts'
import { product } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { defineResource } from '../../lib/resource.ts'
import { randomToken } from '../../lib/tokens.ts'
import { newProductKey } from './demo-iot.ts'
import './messages.ts'
import { productCatalogue } from './portal-iot.ts'

/** A product as the pickers list it. */
interface ProductChoice {
  id: string
  name: string
  productKey: string | null
  categoryId: number | null
}

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
  actions: {
    // The pickers of the device, OTA and command forms: every product, unpaged, by name — no key secret.
    allproduct: {
      method: 'GET',
      button: ['iot:product', 'iot:device', 'iot:ota', 'iot:command'],
      body: {},
      run: async (ctx): Promise<ProductChoice[]> =>
        ctx.db
          .select({
            id: product.id,
            name: product.name,
            productKey: product.productKey,
            categoryId: product.categoryId,
          })
          .from(product)
          .where(await productResource.scope(ctx))
          .orderBy(asc(product.name)),
    },
  },
  views: [productCatalogue],
})

export const productRoutes = (s: Services) => productResource.routes(s)
