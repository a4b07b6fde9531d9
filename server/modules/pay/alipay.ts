import type { AlipaySdk } from 'alipay-sdk'
import { loadAlipay } from '../../lib/lazy-libs.ts'
import { fenToYuan, yuanToFen } from '../../../db/fields/types.ts'
import type { payAlipayConfig, payOrder } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { ApiError } from '../../lib/errors.ts'
import { checkOutbound } from '../../lib/outbound.ts'
import { unseal } from '../../lib/sealed.ts'
import { readPrivateKey } from './keys.ts'
import { payServices } from './services.ts'

type Config = typeof payAlipayConfig.$inferSelect
type Order = typeof payOrder.$inferSelect

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do'

/**
 * The official SDK for one school's Alipay application, its gateway checked against the outbound policy right
 * before use (503: the administrator, not the learner, can fix a setting that no longer passes). Keys are handed
 * over as bare base64, which is how the SDK reads them under Bun.
 */
export async function alipayOf(db: Db, c: Config): Promise<AlipaySdk> {
  await checkOutbound(db, c.tenantId, c.gateway || ALIPAY_GATEWAY, { field: 'gateway', status: 503 })
  return sdkOf(db, c)
}

async function sdkOf(db: Db, c: Config): Promise<AlipaySdk> {
  const key = readPrivateKey(unseal(payServices(db).jwtSecret, c.privateKey))
  if (!key) throw new ApiError(503, 'pay.notConfigured')
  const Sdk = await loadAlipay()
  return new Sdk({
    appId: c.appId,
    privateKey: key.base64,
    keyType: key.kind,
    alipayPublicKey: c.alipayPublicKey,
    gateway: c.gateway || ALIPAY_GATEWAY,
    camelcase: false,
    timeout: 10_000,
  })
}

/** Where Alipay posts this order's notification: the config's address, naming the config. */
const notifyOf = (c: Config) => `${c.notifyUrl}${c.notifyUrl.includes('?') ? '&' : '?'}configId=${c.id}`

const biz = (o: Order, extra: Record<string, unknown> = {}) => ({
  out_trade_no: o.outTradeNo,
  total_amount: fenToYuan(o.amount),
  subject: o.itemName.slice(0, 128),
  time_expire: o.expireTime.slice(0, 19).replace('T', ' '),
  ...extra,
})

/** An answer the gateway refused (code other than 10000) is the provider's failure, not the caller's input. */
function ok(r: Record<string, unknown>): Record<string, unknown> {
  if (r.code !== '10000') throw new ApiError(503, 'pay.gateway', {}, true)
  return r
}

async function exec(sdk: AlipaySdk, method: string, params: Record<string, unknown>) {
  try {
    return ok((await sdk.exec(method, params, { validateSign: true })) as Record<string, unknown>)
  } catch (e) {
    if (e instanceof ApiError) throw e
    throw new ApiError(503, 'pay.gateway', {}, true)
  }
}

/** What each Alipay product answers the page: a QR code, a trade number for the JSAPI, a page URL, an order string. */
export const alipayCalls = {
  async native(db: Db, c: Config, o: Order) {
    const r = await exec(await alipayOf(db, c), 'alipay.trade.precreate', {
      notify_url: notifyOf(c),
      bizContent: biz(o),
    })
    return { qrCode: String(r.qr_code) }
  },
  async jsapi(db: Db, c: Config, o: Order, buyerId: string) {
    const r = await exec(await alipayOf(db, c), 'alipay.trade.create', {
      notify_url: notifyOf(c),
      bizContent: biz(o, {
        product_code: 'JSAPI_PAY',
        op_app_id: c.appId,
        [/^\d+$/.test(buyerId) ? 'buyer_id' : 'buyer_open_id']: buyerId,
      }),
    })
    return { tradeNo: String(r.trade_no) }
  },
  async page(db: Db, c: Config, o: Order, kind: 'pc' | 'h5') {
    const sdk = await alipayOf(db, c)
    const url = sdk.pageExecute(kind === 'pc' ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay', 'GET', {
      notify_url: notifyOf(c),
      ...(c.returnUrl ? { return_url: c.returnUrl } : {}),
      bizContent: biz(o, { product_code: kind === 'pc' ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY' }),
    })
    return { url }
  },
  async app(db: Db, c: Config, o: Order) {
    const sdk = await alipayOf(db, c)
    return {
      orderString: sdk.sdkExecute('alipay.trade.app.pay', {
        notify_url: notifyOf(c),
        bizContent: biz(o, { product_code: 'QUICK_MSECURITY_PAY' }),
      }),
    }
  },
}

/** A trade as the query answers it, in fen; undefined when Alipay has none yet (the learner never opened it). */
export async function alipayQuery(db: Db, c: Config, o: Order) {
  let r: Record<string, unknown>
  try {
    r = (await (
      await alipayOf(db, c)
    ).exec('alipay.trade.query', { bizContent: { out_trade_no: o.outTradeNo } }, { validateSign: true })) as Record<
      string,
      unknown
    >
  } catch {
    throw new ApiError(503, 'pay.gateway', {}, true)
  }
  if (r.code === '40004' && r.sub_code === 'ACQ.TRADE_NOT_EXIST') return undefined
  ok(r)
  return {
    paid: r.trade_status === 'TRADE_SUCCESS' || r.trade_status === 'TRADE_FINISHED',
    closed: r.trade_status === 'TRADE_CLOSED',
    transactionId: String(r.trade_no ?? ''),
    amount: yuanToFen(String(r.total_amount ?? '')),
  }
}

/** Closes a trade Alipay holds (the learner opened it but never paid); one it never saw is already as good as closed. */
export async function alipayClose(db: Db, c: Config, o: Order) {
  const r = (await (
    await alipayOf(db, c)
  ).exec('alipay.trade.close', { bizContent: { out_trade_no: o.outTradeNo } }, { validateSign: true })) as Record<
    string,
    unknown
  >
  if (r.code !== '10000' && r.sub_code !== 'ACQ.TRADE_NOT_EXIST') throw new ApiError(503, 'pay.gateway', {}, true)
}

/** Alipay refunds synchronously: fund_change Y (or a repeated request answered 10000) means the money went back. */
export async function alipayRefund(db: Db, c: Config, o: Order, outRefundNo: string, amount: number, reason: string) {
  const r = await exec(await alipayOf(db, c), 'alipay.trade.refund', {
    bizContent: {
      out_trade_no: o.outTradeNo,
      refund_amount: fenToYuan(amount),
      out_request_no: outRefundNo,
      refund_reason: reason,
    },
  })
  return { refundId: `${String(r.trade_no)}:${outRefundNo}`, done: true }
}

/**
 * A notification's form verified with the school's Alipay public key (RSA2 over the sorted fields): undefined when
 * the signature fails, so nothing in it is believed before this.
 */
export async function openAlipayNotice(
  db: Db,
  c: Config,
  form: Record<string, string>,
): Promise<Record<string, string> | undefined> {
  try {
    return (await sdkOf(db, c)).checkNotifySignV2(form) ? form : undefined
  } catch {
    return undefined
  }
}
