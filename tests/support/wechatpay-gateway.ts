import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'

/** A merchant's key pair as WeChat Pay hands it out: PEM. */
export function wechatKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return {
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKey: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  }
}

const sign = (text: string, key: string) => createSign('RSA-SHA256').update(text).sign(key, 'base64')
const verify = (text: string, sig: string, key: string) =>
  createVerify('RSA-SHA256').update(text).verify(key, sig, 'base64')

/** AES-256-GCM as WeChat Pay encrypts a notification's resource: base64(ciphertext ‖ tag). */
export function gcmEncrypt(plain: string, key: string, nonce: string, aad: string) {
  const c = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce))
  c.setAAD(Buffer.from(aad))
  return Buffer.concat([c.update(plain, 'utf8'), c.final(), c.getAuthTag()]).toString('base64')
}

interface Merchant {
  publicKey: string
  serial: string
  apiV3Key: string
}

interface Trade {
  appid: string
  mchid: string
  outTradeNo: string
  transactionId: string
  total: number
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND'
  notifyUrl: string
}

interface Refund {
  outRefundNo: string
  refundId: string
  outTradeNo: string
  refund: number
  total: number
  notifyUrl: string
  mchid: string
}

/**
 * A local stand-in for WeChat Pay API v3: it verifies the client's real WECHATPAY2-SHA256-RSA2048 authorization with
 * the merchant's public key, answers signed with a platform key generated here (Wechatpay-* headers), and sends
 * notifications as WeChat Pay does: a JSON event whose resource is AES-256-GCM encrypted under the API v3 key, signed
 * over timestamp, nonce and body.
 */
export function startWechatpayGateway(merchants: Record<string, Merchant>) {
  const platform = wechatKeys()
  const platformSerial = randomBytes(20).toString('hex').toUpperCase()
  const trades = new Map<string, Trade>()
  const refunds = new Map<string, Refund>()
  let refused = 0

  const signed = (status: number, data?: unknown) => {
    const body = data === undefined ? '' : JSON.stringify(data)
    const timestamp = String(Math.floor(Date.now() / 1000))
    const nonce = randomBytes(16).toString('hex')
    return new Response(status === 204 ? null : body, {
      status,
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': platformSerial,
        'wechatpay-signature': sign(`${timestamp}\n${nonce}\n${body}\n`, platform.privateKey),
      },
    })
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      const body = await req.text()
      const auth = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(req.headers.get('authorization') ?? '')
      const fields = Object.fromEntries(
        [...(auth?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
      ) as Record<string, string>
      const m = merchants[fields.mchid ?? '']
      const message = `${req.method}\n${url.pathname}${url.search}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`
      if (!m || fields.serial_no !== m.serial || !fields.signature || !verify(message, fields.signature, m.publicKey)) {
        refused++
        return signed(401, { code: 'SIGN_ERROR', message: '签名错误' })
      }
      const json = body ? (JSON.parse(body) as Record<string, any>) : {}
      const path = url.pathname
      const place = /^\/v3\/pay\/transactions\/(native|jsapi|h5|app)$/.exec(path)
      if (place && req.method === 'POST') {
        if (json.mchid !== fields.mchid) return signed(400, { code: 'PARAM_ERROR', message: 'mchid mismatch' })
        const t: Trade = trades.get(json.out_trade_no) ?? {
          appid: json.appid,
          mchid: json.mchid,
          outTradeNo: json.out_trade_no,
          transactionId: `4200${randomBytes(10).toString('hex')}`,
          total: json.amount.total,
          state: 'NOTPAY',
          notifyUrl: json.notify_url,
        }
        trades.set(t.outTradeNo, t)
        const prepay = `wx${randomBytes(12).toString('hex')}`
        if (place[1] === 'native') return signed(200, { code_url: `weixin://wxpay/bizpayurl?pr=${prepay}` })
        if (place[1] === 'h5')
          return signed(200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepay}` })
        return signed(200, { prepay_id: prepay })
      }
      const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path)
      if (byNo) {
        const t = trades.get(decodeURIComponent(byNo[1]))
        if (!t || t.mchid !== fields.mchid) return signed(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
        if (byNo[2]) {
          if (t.state === 'NOTPAY') t.state = 'CLOSED'
          return signed(204)
        }
        return signed(200, {
          appid: t.appid,
          mchid: t.mchid,
          out_trade_no: t.outTradeNo,
          transaction_id: t.state === 'NOTPAY' ? undefined : t.transactionId,
          trade_state: t.state,
          amount: { total: t.total, currency: 'CNY' },
        })
      }
      if (path === '/v3/refund/domestic/refunds' && req.method === 'POST') {
        const t = trades.get(json.out_trade_no)
        if (!t || (t.state !== 'SUCCESS' && t.state !== 'REFUND'))
          return signed(400, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' })
        const r: Refund = refunds.get(json.out_refund_no) ?? {
          outRefundNo: json.out_refund_no,
          refundId: `5030${randomBytes(10).toString('hex')}`,
          outTradeNo: t.outTradeNo,
          refund: json.amount.refund,
          total: json.amount.total,
          notifyUrl: json.notify_url,
          mchid: t.mchid,
        }
        refunds.set(r.outRefundNo, r)
        return signed(200, { refund_id: r.refundId, out_refund_no: r.outRefundNo, status: 'PROCESSING' })
      }
      return signed(404, { code: 'NOT_FOUND', message: path })
    },
  })

  /**
   * An event as WeChat Pay posts it: headers and body. `tamper` edits the decrypted resource (the server must catch a
   * changed amount or merchant), `badTag` flips a byte of the GCM tag, `signWith` signs with another key.
   */
  function event(
    eventType: string,
    resource: Record<string, unknown>,
    o: { badTag?: boolean; signWith?: string; merchant?: string } = {},
  ) {
    const m = merchants[o.merchant ?? String(resource.mchid)]
    const nonce = randomBytes(6).toString('hex')
    const aad = eventType.startsWith('REFUND') ? 'refund' : 'transaction'
    let ciphertext = gcmEncrypt(JSON.stringify(resource), m.apiV3Key, nonce, aad)
    if (o.badTag) {
      const raw = Buffer.from(ciphertext, 'base64')
      raw[raw.length - 1] ^= 0xff
      ciphertext = raw.toString('base64')
    }
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: '通知',
      resource: { original_type: aad, algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: aad, nonce },
    })
    const timestamp = String(Math.floor(Date.now() / 1000))
    const hdrNonce = randomBytes(16).toString('hex')
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': hdrNonce,
        'wechatpay-serial': platformSerial,
        'wechatpay-signature': sign(`${timestamp}\n${hdrNonce}\n${body}\n`, o.signWith ?? platform.privateKey),
      },
    }
  }

  /** The payer pays: the trade is paid here and its TRANSACTION.SUCCESS notification built. */
  function pay(
    outTradeNo: string,
    tamper: Record<string, unknown> = {},
    o: { badTag?: boolean; signWith?: string } = {},
  ) {
    const t = trades.get(outTradeNo)
    if (!t) throw new Error(`no trade ${outTradeNo}`)
    t.state = 'SUCCESS'
    const resource = {
      appid: t.appid,
      mchid: t.mchid,
      out_trade_no: t.outTradeNo,
      transaction_id: t.transactionId,
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      success_time: new Date().toISOString(),
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' },
      ...tamper,
    }
    return { url: t.notifyUrl, ...event('TRANSACTION.SUCCESS', resource, { ...o, merchant: t.mchid }) }
  }

  /** The refund went through: REFUND.SUCCESS for it. */
  function refunded(outRefundNo: string) {
    const r = refunds.get(outRefundNo)
    if (!r) throw new Error(`no refund ${outRefundNo}`)
    const t = trades.get(r.outTradeNo)!
    t.state = 'REFUND'
    const resource = {
      mchid: r.mchid,
      out_trade_no: r.outTradeNo,
      transaction_id: t.transactionId,
      out_refund_no: r.outRefundNo,
      refund_id: r.refundId,
      refund_status: 'SUCCESS',
      success_time: new Date().toISOString(),
      amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund },
    }
    return { url: r.notifyUrl, ...event('REFUND.SUCCESS', resource, { merchant: r.mchid }) }
  }

  return {
    url: `http://127.0.0.1:${server.port}/`,
    platformSerial,
    /** The platform public key a school's config holds (PEM). */
    platformPublicKey: platform.publicKey,
    trades,
    refunds,
    refused: () => refused,
    event,
    pay,
    refunded,
    stop: () => server.stop(true),
  }
}
