import { createVerify, type KeyObject } from 'node:crypto'
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin'
import type { payOrder, payWxConfig } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { ApiError } from '../../lib/errors.ts'
import { checkOutbound } from '../../lib/outbound.ts'
import { unseal } from '../../lib/sealed.ts'
import { pemOf, readPrivateKey, readPublicKey } from './keys.ts'
import { payServices } from './services.ts'

type Config = typeof payWxConfig.$inferSelect
type Order = typeof payOrder.$inferSelect

export const WXPAY_BASE = 'https://api.mch.weixin.qq.com/'

/** The config's sealed secrets opened: the merchant's private key (PEM) and the API v3 key. */
export function wxSecrets(db: Db, c: Config) {
  const secret = payServices(db).jwtSecret
  const key = readPrivateKey(unseal(secret, c.privateKey))
  const platform = readPublicKey(c.platformCert)
  if (!key || !platform) throw new ApiError(503, 'pay.notConfigured')
  return { privateKey: pemOf(key.key), apiV3Key: unseal(secret, c.apiV3Key), platformKey: pemOf(platform) }
}

/**
 * The WeChat Pay v3 client of one merchant: requests signed with the merchant key, answers verified with the
 * platform key (the plugin refuses an unsigned or mis-signed answer). The base URL passes the outbound policy
 * right before use.
 */
async function clientOf(db: Db, c: Config) {
  const baseURL = c.baseUrl || WXPAY_BASE
  await checkOutbound(db, c.tenantId, baseURL, { field: 'baseUrl', status: 503 })
  const s = wxSecrets(db, c)
  const client = new Wechatpay({
    mchid: c.mchId,
    serial: c.serialNo,
    privateKey: s.privateKey,
    certs: { [c.platformSerial]: s.platformKey },
    baseURL,
    timeout: 10_000,
  })
  return { client, secrets: s }
}

/** One v3 call; any refusal or unverifiable answer is the provider's failure (503), never the caller's. */
async function call<T>(run: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await run()).data
  } catch {
    throw new ApiError(503, 'pay.gateway', {}, true)
  }
}

const notifyOf = (c: Config) => `${c.notifyUrl}${c.notifyUrl.includes('?') ? '&' : '?'}configId=${c.id}`

const order = (c: Config, o: Order, extra: Record<string, unknown> = {}) => ({
  appid: c.appId,
  mchid: c.mchId,
  description: o.itemName.slice(0, 127),
  out_trade_no: o.outTradeNo,
  time_expire: new Date(o.expireTime.replace(' ', 'T')).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
  notify_url: notifyOf(c),
  amount: { total: o.amount, currency: 'CNY' },
  ...extra,
})

/** The parameters wx.requestPayment / WeixinJSBridge take, signed with the merchant key (RSA, v3). */
function jsapiParams(c: Config, privateKey: string, prepayId: string) {
  const timeStamp = String(Formatter.timestamp())
  const nonceStr = Formatter.nonce()
  const pkg = `prepay_id=${prepayId}`
  const paySign = Rsa.sign(Formatter.joinedByLineFeed(c.appId, timeStamp, nonceStr, pkg), privateKey)
  return { appId: c.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign }
}

/** What each WeChat Pay product answers the page. */
export const wxpayCalls = {
  async native(db: Db, c: Config, o: Order) {
    const { client } = await clientOf(db, c)
    const r = await call(() => client.chain('v3/pay/transactions/native').post(order(c, o)))
    return { codeUrl: String((r as { code_url: string }).code_url) }
  },
  /** JSAPI in the WeChat browser and in a mini program (wxAppPay): the same transaction, the payer's openid. */
  async jsapi(db: Db, c: Config, o: Order, openid: string) {
    const { client, secrets } = await clientOf(db, c)
    const r = await call(() => client.chain('v3/pay/transactions/jsapi').post(order(c, o, { payer: { openid } })))
    return jsapiParams(c, secrets.privateKey, String((r as { prepay_id: string }).prepay_id))
  },
  async h5(db: Db, c: Config, o: Order, clientIp: string) {
    const { client } = await clientOf(db, c)
    const r = await call(() =>
      client
        .chain('v3/pay/transactions/h5')
        .post(order(c, o, { scene_info: { payer_client_ip: clientIp, h5_info: { type: 'Wap' } } })),
    )
    return { h5Url: String((r as { h5_url: string }).h5_url) }
  },
  async app(db: Db, c: Config, o: Order) {
    const { client, secrets } = await clientOf(db, c)
    const r = await call(() => client.chain('v3/pay/transactions/app').post(order(c, o)))
    const prepayId = String((r as { prepay_id: string }).prepay_id)
    const timestamp = String(Formatter.timestamp())
    const noncestr = Formatter.nonce()
    const sign = Rsa.sign(Formatter.joinedByLineFeed(c.appId, timestamp, noncestr, prepayId), secrets.privateKey)
    return { appid: c.appId, partnerid: c.mchId, prepayid: prepayId, package: 'Sign=WXPay', noncestr, timestamp, sign }
  },
}

/** A transaction as the query answers it; undefined when WeChat Pay has none (the learner never opened it). */
export async function wxpayQuery(db: Db, c: Config, o: Order) {
  const { client } = await clientOf(db, c)
  let r: { trade_state?: string; transaction_id?: string; amount?: { total?: number }; mchid?: string; appid?: string }
  try {
    r = (
      await client
        .chain(`v3/pay/transactions/out-trade-no/${encodeURIComponent(o.outTradeNo)}`)
        .get({ params: { mchid: c.mchId } })
    ).data
  } catch (e) {
    if ((e as { response?: { status?: number } }).response?.status === 404) return undefined
    throw new ApiError(503, 'pay.gateway', {}, true)
  }
  return {
    paid: r.trade_state === 'SUCCESS',
    closed: r.trade_state === 'CLOSED',
    transactionId: String(r.transaction_id ?? ''),
    amount: typeof r.amount?.total === 'number' ? r.amount.total : null,
    mchId: r.mchid,
    appId: r.appid,
  }
}

export async function wxpayClose(db: Db, c: Config, o: Order) {
  const { client } = await clientOf(db, c)
  await call(() =>
    client.chain(`v3/pay/transactions/out-trade-no/${encodeURIComponent(o.outTradeNo)}/close`).post({ mchid: c.mchId }),
  )
}

/** WeChat Pay answers a refund PROCESSING (or SUCCESS); the refund notification settles it. */
export async function wxpayRefund(db: Db, c: Config, o: Order, outRefundNo: string, amount: number, reason: string) {
  const { client } = await clientOf(db, c)
  const r = (await call(() =>
    client.chain('v3/refund/domestic/refunds').post({
      out_trade_no: o.outTradeNo,
      out_refund_no: outRefundNo,
      reason: reason.slice(0, 80),
      notify_url: notifyOf(c),
      amount: { refund: amount, total: o.amount, currency: 'CNY' },
    }),
  )) as { refund_id?: string; status?: string }
  return { refundId: String(r.refund_id ?? ''), done: r.status === 'SUCCESS' }
}

export interface WxNotice {
  headers: { timestamp: string; nonce: string; signature: string; serial: string }
  body: string
}

/**
 * A notification verified and opened: the platform signature over timestamp, nonce and the exact body, a clock
 * within five minutes, then the resource decrypted with AES-256-GCM under the API v3 key (a wrong tag throws).
 * Undefined when anything fails: nothing in a notice is believed before this.
 */
export function openWxNotice(
  db: Db,
  c: Config,
  n: WxNotice,
): { eventType: string; resource: Record<string, unknown> } | undefined {
  const { apiV3Key, platformKey } = noticeKeys(db, c)
  const { timestamp, nonce, signature, serial } = n.headers
  if (serial !== c.platformSerial || !timestamp || !nonce || !signature) return undefined
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return undefined
  try {
    const signed = createVerify('RSA-SHA256').update(Formatter.response(timestamp, nonce, n.body))
    if (!signed.verify(platformKey, signature, 'base64')) return undefined
    const event = JSON.parse(n.body) as {
      event_type?: string
      resource?: { algorithm?: string; ciphertext: string; nonce: string; associated_data?: string }
    }
    const res = event.resource
    if (!res || res.algorithm !== 'AEAD_AES_256_GCM') return undefined
    const plain = Aes.AesGcm.decrypt(res.ciphertext, apiV3Key, res.nonce, res.associated_data ?? '')
    return { eventType: String(event.event_type ?? ''), resource: JSON.parse(plain) as Record<string, unknown> }
  } catch {
    return undefined
  }
}

/**
 * What verifying a notice needs — the API v3 key and the platform key, parsed — kept per config and process: parsing
 * an RSA key and opening a sealed value on every notice cost more than the rest of its handling. A cache keyed by the
 * row's update time, so an edited config is read again; bounded by the number of configs.
 */
const noticeKeyCache = new Map<string, { stamp: string; apiV3Key: string; platformKey: KeyObject }>()

function noticeKeys(db: Db, c: Config) {
  const stamp = `${c.updateTime}|${c.platformSerial}`
  const hit = noticeKeyCache.get(c.id)
  if (hit?.stamp === stamp) return hit
  const platformKey = readPublicKey(c.platformCert)
  if (!platformKey) throw new ApiError(503, 'pay.notConfigured')
  const keys = { stamp, apiV3Key: unseal(payServices(db).jwtSecret, c.apiV3Key), platformKey }
  noticeKeyCache.set(c.id, keys)
  return keys
}
