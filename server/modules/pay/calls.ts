import { isIP } from 'node:net'
import { Type as t } from '@sinclair/typebox'
import { and, eq } from 'drizzle-orm'
import { payOrder } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest, conflict } from '../../lib/errors.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import type { ActionDef } from '../../lib/resource-actions.ts'
import { changed } from '../../lib/rows.ts'
import { now } from '../../lib/time.ts'
import { accountFor, accountOf, type Account, type PayClient } from './accounts.ts'
import { alipayCalls } from './alipay.ts'
import { ownOrder } from './own-order.ts'
import { ORDER, type Order, type Provider } from './settle.ts'
import { closeTrade } from './trades.ts'
import { wxpayCalls } from './wxpay.ts'

type PayType = 'native' | 'jsapi' | 'h5' | 'pc' | 'app'

/**
 * Sends the caller's pending order to an account: the order is bound to it (channel, method, config) by a
 * conditional update while still pending, so a notification is later believed only from that account. An order
 * first sent elsewhere has that trade closed at the provider first: the learner can never pay it twice.
 */
async function sendOrder(
  ctx: Ctx,
  body: Record<string, unknown>,
  provider: Provider,
  payType: PayType,
  client: PayClient,
) {
  const order = await ownOrder(ctx, body)
  if (order.status !== ORDER.pending) throw conflict('pay.notPending')
  if (order.expireTime < now()) throw conflict('pay.expired')
  const account = await accountFor(ctx.db, ctx.actor.tenantId, provider, client)
  if (order.configId && (order.configId !== account.config.id || order.channel !== provider)) {
    const before = await accountOf(ctx.db, order)
    if (before) await closeTrade(ctx.db, before, order)
  }
  const bound = changed(
    await ctx.db
      .update(payOrder)
      .set({ channel: provider, payType, configId: account.config.id, updateTime: now() })
      .where(and(eq(payOrder.id, order.id), eq(payOrder.status, ORDER.pending))),
  )
  if (!bound) throw conflict('pay.notPending')
  return { order: { ...order, channel: provider, payType, configId: account.config.id }, account }
}

const text = (field: string, message?: string) => (v: unknown) => {
  if (typeof v !== 'string' || !v.trim()) throw badRequest(message ?? 'validation.required', { field }, field)
  return v.trim()
}
const openid = text('openid', 'pay.openid')
const buyerId = text('buyerId', 'pay.buyerId')

/** The payer's address, which WeChat's H5 scene check compares with the browser that opens the page. */
const ipOf = (body: Record<string, unknown>) => {
  if (typeof body.clientIp !== 'string' || !isIP(body.clientIp))
    throw badRequest('validation.invalid', { field: 'clientIp' }, 'clientIp')
  return body.clientIp
}

type Run = (ctx: Ctx, o: Order, a: Account, body: Record<string, unknown>) => Promise<Record<string, unknown>>

const BODY = {
  orderId: t.Optional(t.String({ maxLength: 32 })),
  id: t.Optional(t.String({ maxLength: 32 })),
  openid: t.Optional(t.String({ maxLength: 128 })),
  buyerId: t.Optional(t.String({ maxLength: 128 })),
  clientIp: t.Optional(t.String({ maxLength: 64 })),
  channel: t.Optional(t.String({ maxLength: 16 })),
}

/** A pay call: the body's channel-specific field checked (`need`) before the order is bound to anything. */
function payCall(
  path: string,
  provider: Provider,
  payType: PayType,
  client: PayClient,
  run: Run,
  need?: (body: Record<string, unknown>) => unknown,
): ActionDef<typeof payOrder> {
  return {
    path,
    button: SIGNED_IN,
    body: BODY,
    run: async (ctx, { body }) => {
      need?.(body)
      const { order, account } = await sendOrder(ctx, body, provider, payType, client)
      return {
        orderId: order.id,
        outTradeNo: order.outTradeNo,
        channel: provider,
        payType,
        amount: order.amount,
        ...(await run(ctx, order, account, body)),
      }
    },
  }
}

const asAli = (a: Account) => (a.provider === 'alipay' ? a.config : undefined)!
const asWx = (a: Account) => (a.provider === 'wxpay' ? a.config : undefined)!

/**
 * The ten pay calls and the two merged ones (POST, the caller's own pending order by `orderId`): what each answers
 * is what its channel's page needs — a QR code (native), JSAPI parameters with their paySign, a redirect URL (H5,
 * PC), an app's order string or parameters.
 */
export const payCalls = {
  wxNativePay: payCall('/api/blade-pay/wxpay/nativePay', 'wxpay', 'native', 'pc', (ctx, o, a) =>
    wxpayCalls.native(ctx.db, asWx(a), o),
  ),
  wxJsPay: payCall(
    '/api/blade-pay/wxpay/jsPay',
    'wxpay',
    'jsapi',
    'mobile',
    (ctx, o, a, b) => wxpayCalls.jsapi(ctx.db, asWx(a), o, openid(b.openid)),
    (b) => openid(b.openid),
  ),
  wxAppPay: payCall(
    '/api/blade-pay/wxpay/wxAppPay',
    'wxpay',
    'jsapi',
    'app',
    (ctx, o, a, b) => wxpayCalls.jsapi(ctx.db, asWx(a), o, openid(b.openid)),
    (b) => openid(b.openid),
  ),
  wxH5Pay: payCall(
    '/api/blade-pay/wxpay/h5Pay',
    'wxpay',
    'h5',
    'mobile',
    (ctx, o, a, b) => wxpayCalls.h5(ctx.db, asWx(a), o, ipOf(b)),
    ipOf,
  ),
  wxAppPayApp: payCall('/api/blade-pay/wxpay/appPay', 'wxpay', 'app', 'app', (ctx, o, a) =>
    wxpayCalls.app(ctx.db, asWx(a), o),
  ),
  aliNativePay: payCall('/api/blade-pay/alipay/nativePay', 'alipay', 'native', 'pc', (ctx, o, a) =>
    alipayCalls.native(ctx.db, asAli(a), o),
  ),
  aliJsPay: payCall(
    '/api/blade-pay/alipay/jsPay',
    'alipay',
    'jsapi',
    'mobile',
    (ctx, o, a, b) => alipayCalls.jsapi(ctx.db, asAli(a), o, buyerId(b.buyerId)),
    (b) => buyerId(b.buyerId),
  ),
  aliPcPay: payCall('/api/blade-pay/alipay/pcPay', 'alipay', 'pc', 'pc', (ctx, o, a) =>
    alipayCalls.page(ctx.db, asAli(a), o, 'pc'),
  ),
  aliH5Pay: payCall('/api/blade-pay/alipay/h5Pay', 'alipay', 'h5', 'mobile', (ctx, o, a) =>
    alipayCalls.page(ctx.db, asAli(a), o, 'h5'),
  ),
  aliAppPay: payCall('/api/blade-pay/alipay/appPay', 'alipay', 'app', 'app', (ctx, o, a) =>
    alipayCalls.app(ctx.db, asAli(a), o),
  ),
} satisfies Record<string, ActionDef<typeof payOrder>>

const channelOf = (body: Record<string, unknown>): Provider => {
  if (body.channel === 'alipay' || body.channel === 'wxpay') return body.channel
  throw badRequest('validation.invalid', { field: 'channel' }, 'channel')
}

/**
 * The merged calls pick the account by client through the merged config: nativePay (a PC page: a QR code of the
 * chosen channel), mobilePay (a phone: JSAPI inside WeChat when an openid is given, else the channel's H5 page).
 */
export const mergeCalls = {
  mergeNativePay: {
    path: '/api/blade-pay/merge/nativePay',
    button: SIGNED_IN,
    body: BODY,
    run: (ctx, input) =>
      (channelOf(input.body) === 'alipay' ? payCalls.aliNativePay : payCalls.wxNativePay).run(ctx, input),
  },
  mergeMobilePay: {
    path: '/api/blade-pay/merge/mobilePay',
    button: SIGNED_IN,
    body: BODY,
    run: (ctx, input) =>
      (channelOf(input.body) === 'alipay'
        ? payCalls.aliH5Pay
        : input.body.openid
          ? payCalls.wxJsPay
          : payCalls.wxH5Pay
      ).run(ctx, input),
  },
} satisfies Record<string, ActionDef<typeof payOrder>>
