import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'

/** An RSA key pair as Alipay's console shows it: bare base64 (PKCS#8 private, SPKI public). */
export function alipayKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  }
}

const pem = (b64: string, kind: 'PUBLIC KEY' | 'PRIVATE KEY') =>
  `-----BEGIN ${kind}-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END ${kind}-----\n`

/** Alipay's RSA2 content: every parameter but the signature (and, for notifications, sign_type), sorted, key=value&…. */
const content = (params: Record<string, string>, skip: string[]) =>
  Object.keys(params)
    .filter((k) => !skip.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')

const rsa2 = (text: string, privateKey: string) =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(pem(privateKey, 'PRIVATE KEY'), 'base64')
const verify2 = (text: string, sig: string, publicKey: string) =>
  createVerify('RSA-SHA256').update(text, 'utf8').verify(pem(publicKey, 'PUBLIC KEY'), sig, 'base64')

interface Trade {
  outTradeNo: string
  tradeNo: string
  appId: string
  amount: string
  subject: string
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED'
  notifyUrl: string
  refunds: Set<string>
}

/**
 * A local stand-in for Alipay's OpenAPI gateway (gateway.do): it verifies the SDK's real RSA2 signature with the
 * application's public key, keeps the trades it was asked to open, answers in Alipay's shape signed with a platform
 * key generated here, and posts signed notifications the way Alipay does (form-encoded, RSA2 over the sorted fields).
 */
export function startAlipayGateway(apps: Record<string, string>) {
  const platform = alipayKeys()
  const trades = new Map<string, Trade>()
  const calls: { method: string; biz: Record<string, unknown> }[] = []
  let refused = 0

  const answer = (method: string, data: Record<string, unknown>) => {
    const key = `${method.replaceAll('.', '_')}_response`
    const json = JSON.stringify(data)
    return new Response(`{"${key}":${json},"sign":"${rsa2(json, platform.privateKey)}"}`, {
      headers: { 'content-type': 'application/json;charset=utf-8' },
    })
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      const params: Record<string, string> = Object.fromEntries(url.searchParams)
      Object.assign(params, Object.fromEntries(new URLSearchParams(await req.text())))
      const method = params.method ?? ''
      const appKey = apps[params.app_id ?? '']
      if (!appKey || !params.sign || !verify2(content(params, ['sign']), params.sign, appKey)) {
        refused++
        return answer(method, {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-signature',
          sub_msg: '验签出错',
        })
      }
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>
      calls.push({ method, biz })
      const trade = trades.get(biz.out_trade_no)
      const missing = () =>
        answer(method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
          sub_msg: '交易不存在',
        })
      switch (method) {
        case 'alipay.trade.precreate':
        case 'alipay.trade.create': {
          const t: Trade = trade ?? {
            outTradeNo: biz.out_trade_no,
            tradeNo: `2026${randomBytes(8).toString('hex')}`,
            appId: params.app_id,
            amount: biz.total_amount,
            subject: biz.subject,
            status: 'WAIT_BUYER_PAY',
            notifyUrl: params.notify_url,
            refunds: new Set(),
          }
          trades.set(t.outTradeNo, t)
          return answer(method, {
            code: '10000',
            msg: 'Success',
            out_trade_no: t.outTradeNo,
            ...(method === 'alipay.trade.precreate'
              ? { qr_code: `https://qr.alipay.com/${t.tradeNo}` }
              : { trade_no: t.tradeNo }),
          })
        }
        case 'alipay.trade.query':
          if (!trade) return missing()
          return answer(method, {
            code: '10000',
            msg: 'Success',
            out_trade_no: trade.outTradeNo,
            trade_no: trade.tradeNo,
            trade_status: trade.status,
            total_amount: trade.amount,
          })
        case 'alipay.trade.close':
          if (!trade) return missing()
          trade.status = 'TRADE_CLOSED'
          return answer(method, {
            code: '10000',
            msg: 'Success',
            out_trade_no: trade.outTradeNo,
            trade_no: trade.tradeNo,
          })
        case 'alipay.trade.refund':
          if (!trade || trade.status !== 'TRADE_SUCCESS') return missing()
          trade.refunds.add(biz.out_request_no)
          return answer(method, {
            code: '10000',
            msg: 'Success',
            out_trade_no: trade.outTradeNo,
            trade_no: trade.tradeNo,
            refund_fee: biz.refund_amount,
            fund_change: 'Y',
          })
        default:
          return answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.METHOD_UNKNOWN' })
      }
    },
  })

  /** A payment notification for a trade, signed by the platform key; `tamper` changes fields after signing. */
  function notice(
    outTradeNo: string,
    o: { fields?: Record<string, string>; tamper?: Record<string, string>; signWith?: string } = {},
  ) {
    const t = trades.get(outTradeNo)
    if (!t) throw new Error(`no trade ${outTradeNo}`)
    const form: Record<string, string> = {
      notify_time: '2026-11-27 18:30:00',
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(12).toString('hex'),
      app_id: t.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: t.amount,
      receipt_amount: t.amount,
      subject: t.subject,
      gmt_payment: '2026-11-27 18:29:59',
      ...o.fields,
    }
    form.sign = rsa2(content(form, ['sign', 'sign_type']), o.signWith ?? platform.privateKey)
    form.sign_type = 'RSA2'
    return { url: t.notifyUrl, body: new URLSearchParams({ ...form, ...o.tamper }).toString() }
  }

  /** The buyer pays: the trade is paid here and its notification is built (post it with `deliver`). */
  function pay(outTradeNo: string) {
    const t = trades.get(outTradeNo)
    if (!t) throw new Error(`no trade ${outTradeNo}`)
    t.status = 'TRADE_SUCCESS'
    return notice(outTradeNo)
  }

  /** Whether a page/app-pay URL or order string carries a valid RSA2 signature of the application. */
  function verifySigned(query: string): Record<string, string> | undefined {
    const params = Object.fromEntries(new URLSearchParams(query))
    const key = apps[params.app_id ?? '']
    return key && params.sign && verify2(content(params, ['sign']), params.sign, key) ? params : undefined
  }

  /** Opens a trade as Alipay would after a page or app payment started (those go to Alipay from the browser). */
  function open(params: Record<string, string>) {
    const biz = JSON.parse(params.biz_content) as Record<string, string>
    trades.set(biz.out_trade_no, {
      outTradeNo: biz.out_trade_no,
      tradeNo: `2026${randomBytes(8).toString('hex')}`,
      appId: params.app_id,
      amount: biz.total_amount,
      subject: biz.subject,
      status: 'WAIT_BUYER_PAY',
      notifyUrl: params.notify_url,
      refunds: new Set(),
    })
  }

  return {
    url: `http://127.0.0.1:${server.port}/gateway.do`,
    /** The platform public key a school's config holds (bare base64). */
    publicKey: platform.publicKey,
    trades,
    calls,
    refused: () => refused,
    notice,
    pay,
    open,
    verifySigned,
    stop: () => server.stop(true),
  }
}
