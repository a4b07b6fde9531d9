import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { alipayConfigResource, mergeConfigResource, wxConfigResource } from './config.ts'
import { notifyRoutes } from './notify.ts'
import { orderResource } from './order.ts'
import './reconcile.ts'
import { refundResource } from './refund.ts'
import { usePayServices } from './services.ts'

/** blade-pay: Alipay / WeChat Pay accounts, orders and the pay calls, refunds, the providers' notifications. */
export const payModule = (s: Services) => {
  usePayServices(s)
  return new Elysia({ name: 'pay-module', seed: s.id })
    .use(alipayConfigResource.routes(s))
    .use(wxConfigResource.routes(s))
    .use(mergeConfigResource.routes(s))
    .use(orderResource.routes(s))
    .use(refundResource.routes(s))
    .use(notifyRoutes(s))
}
