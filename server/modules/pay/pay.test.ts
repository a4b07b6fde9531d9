/**
 * Payments (issue #30): configs sealed and masked, orders as a state machine, the ten pay calls and the merged two
 * through the official SDKs against local gateways that verify their real signatures, notifications verified
 * (RSA2; WeChat Pay v3 signature + AES-256-GCM) and applied once — also under 200 concurrent duplicates —, the
 * reconciliation job, refunds, tenants and learners apart, and the outbound policy on gateway addresses.
 */
import { createVerify } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { and, eq, like } from 'drizzle-orm'
import {
  course,
  courseUser,
  dept,
  logUsual,
  payAlipayConfig,
  payEvent,
  payOrder,
  payRefund,
  role,
} from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { alipayKeys, startAlipayGateway } from '../../../tests/support/alipay-gateway.ts'
import { startWechatpayGateway, wechatKeys } from '../../../tests/support/wechatpay-gateway.ts'
import { newId } from '../../lib/ids.ts'
import { startJobRunner } from '../../lib/jobs.ts'
import { first } from '../../lib/rows.ts'
import { unseal } from '../../lib/sealed.ts'
import { formatDateTime, now } from '../../lib/time.ts'
import { reconcile } from './reconcile.ts'

const P = '/api/blade-pay'
const APP_ID = '2021000100000001'
const MCH = '1900000109'
const WX_APP = 'wx8888888888888888'
const V3KEY = 'a'.repeat(16) + 'B'.repeat(16)

describe('payments', async () => {
  const t = await testApp({ ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.1' })
  const db = t.services.db
  const app = alipayKeys()
  const merchant = wechatKeys()
  const merchantSerial = '5157F09EFDC096DE15EBE81A47057A72'
  const ali = startAlipayGateway({ [APP_ID]: app.publicKey })
  const wx = startWechatpayGateway({
    [MCH]: { publicKey: merchant.publicKey, serial: merchantSerial, apiV3Key: V3KEY },
  })
  afterAll(async () => {
    await ali.stop()
    await wx.stop()
  })
  const admin = await t.token('admin')
  const student = await t.token('student')
  const studentId = (await t.signIn('student')).user_id
  const other = await t.token('admin', 'admin', '100001')

  const aliConfig = {
    name: '学校支付宝',
    appId: APP_ID,
    privateKey: app.privateKey,
    alipayPublicKey: ali.publicKey,
    gateway: ali.url,
    notifyUrl: 'https://school.example.com/api/blade-pay/alipay/notify',
  }
  const wxConfig = {
    name: '学校微信支付',
    mchId: MCH,
    appId: WX_APP,
    apiV3Key: V3KEY,
    serialNo: merchantSerial,
    privateKey: merchant.privateKey,
    platformSerial: wx.platformSerial,
    platformCert: wx.platformPublicKey,
    baseUrl: wx.url,
    notifyUrl: 'https://school.example.com/api/blade-pay/wxpay/notify',
  }

  /** A priced course (type 1) or camp (type 2) of the school. */
  async function priced(price: number, type = 1) {
    const id = newId()
    await db
      .insert(course)
      .values({ id, tenantId: '000000', title: `付费课程 ${id.slice(-4)}`, type, price, createTime: now() })
    return id
  }
  const order = (id: string) => first(db.select().from(payOrder).where(eq(payOrder.id, id)))
  const enrolment = (courseId: string, userId = studentId) =>
    first(
      db
        .select()
        .from(courseUser)
        .where(and(eq(courseUser.courseId, courseId), eq(courseUser.userId, userId), eq(courseUser.isDeleted, 0))),
    )
  const place = async (courseId: string, token = student) => {
    const r = await t.post(`${P}/order/submit`, token, { itemType: 'course', itemId: courseId })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as { id: string; outTradeNo: string; amount: number }
  }
  /** Posts a notification the way the provider would, to the path (and config) of the notify URL it was given. */
  const deliver = (n: { url: string; body: string; headers?: Record<string, string> }) => {
    const u = new URL(n.url)
    return t.call('POST', `${u.pathname}${u.search}`, {
      body: n.body,
      headers: n.headers ?? { 'content-type': 'application/x-www-form-urlencoded' },
    })
  }

  let aliId = ''
  let wxId = ''

  it('stores keys sealed, never answers them, keeps them when left blank, and logs their change', async () => {
    const a = await t.post(`${P}/alipay/config/submit`, admin, aliConfig)
    expect(a.status, JSON.stringify(a.body)).toBe(200)
    aliId = a.body.data.id
    const w = await t.post(`${P}/wxconfig/submit`, admin, wxConfig)
    expect(w.status, JSON.stringify(w.body)).toBe(200)
    wxId = w.body.data.id
    const row = (await first(db.select().from(payAlipayConfig).where(eq(payAlipayConfig.id, aliId))))!
    expect(row.privateKey).toMatch(/^v1:/)
    expect(unseal(t.services.jwtSecret, row.privateKey)).toBe(app.privateKey)
    const detail = (await t.get(`${P}/alipay/config/detail`, admin, { id: aliId })).body.data
    expect(detail).not.toHaveProperty('privateKey')
    const wxDetail = (await t.get(`${P}/wxconfig/detail`, admin, { id: wxId })).body.data
    expect(wxDetail).not.toHaveProperty('apiV3Key')
    expect(wxDetail).not.toHaveProperty('privateKey')
    expect(JSON.stringify((await t.get(`${P}/wxconfig/list`, admin)).body)).not.toMatch(/v1:|PRIVATE KEY|aaaaBBBB/)
    expect((await t.post(`${P}/alipay/config/submit`, admin, { ...detail, privateKey: '', name: '改名' })).status).toBe(
      200,
    )
    const after = (await first(db.select().from(payAlipayConfig).where(eq(payAlipayConfig.id, aliId))))!
    expect([after.name, after.privateKey]).toEqual(['改名', row.privateKey])
    const logged = await db.select().from(logUsual).where(like(logUsual.title, 'pay % config keys changed'))
    expect(logged.map((l) => JSON.parse(l.logData ?? '{}').keys)).toEqual(
      expect.arrayContaining([['privateKey'], ['apiV3Key', 'privateKey']]),
    )
    expect(JSON.stringify(logged)).not.toContain(app.privateKey.slice(20, 60))
  })

  it('answers a missing or broken key, a short API v3 key and a gateway outside the policy with 400 naming the field', async () => {
    const en = (path: string, body: object) => t.call('POST', path, { token: admin, body, lang: 'en' })
    const missing = await en(`${P}/alipay/config/submit`, { ...aliConfig, privateKey: '' })
    expect(missing).toMatchObject({ status: 400, body: { field: 'privateKey' } })
    expect(missing.body.msg).toContain('private key')
    expect(await en(`${P}/alipay/config/submit`, { ...aliConfig, privateKey: 'bm90IGEga2V5' })).toMatchObject({
      status: 400,
      body: { field: 'privateKey', msg: 'the App private key is not a valid RSA key' },
    })
    expect((await en(`${P}/wxconfig/submit`, { ...wxConfig, apiV3Key: 'short' })).body).toMatchObject({
      field: 'apiV3Key',
    })
    const inside = await en(`${P}/alipay/config/submit`, { ...aliConfig, gateway: 'http://10.1.2.3/gateway.do' })
    expect(inside).toMatchObject({ status: 400, body: { field: 'gateway' } })
    expect((await en(`${P}/wxconfig/submit`, { ...wxConfig, baseUrl: 'http://169.254.169.254/' })).body.field).toBe(
      'baseUrl',
    )
  })

  it('keeps other schools and students out of configs and orders', async () => {
    expect((await t.get(`${P}/alipay/config/detail`, other, { id: aliId })).status).toBe(404)
    expect((await t.get(`${P}/wxconfig/list`, other)).body.data.records).toEqual([])
    expect((await t.get(`${P}/wxconfig/list`, student)).status).toBe(403)
    expect((await t.get(`${P}/order/list`, student)).status).toBe(403)
    expect((await t.post(`${P}/refund/submit`, student, { orderId: '1', amount: 1, reason: 'x' })).status).toBe(403)
  })

  it('places one order per learner and priced item; a free course needs none', async () => {
    const free = await priced(0)
    expect(
      (
        await t.call('POST', `${P}/order/submit`, {
          token: student,
          body: { itemType: 'course', itemId: free },
          lang: 'en',
        })
      ).body,
    ).toMatchObject({
      code: 400,
      field: 'itemId',
    })
    expect((await t.post(`${P}/order/submit`, student, { itemType: 'shoe', itemId: free })).body.field).toBe('itemType')
    const paid = await priced(1999)
    const o = await place(paid)
    expect(o).toMatchObject({ amount: 1999, status: 0, userId: studentId, itemType: 'course' })
    expect((await place(paid)).id).toBe(o.id)
    const camp = await priced(50000, 2)
    expect((await t.post(`${P}/order/submit`, student, { itemType: 'course', itemId: camp })).status).toBe(400)
    expect((await t.post(`${P}/order/submit`, student, { itemType: 'camp', itemId: camp })).body.data.amount).toBe(
      50000,
    )
    // Signing up is for free courses: a priced one is joined by paying.
    expect((await t.post('/api/nep-wbp/courseUser/signUp', student, { courseId: paid })).body).toMatchObject({
      code: 400,
      field: 'courseId',
    })
    expect(await enrolment(paid)).toBeUndefined()
  })

  it('each pay call answers what its channel needs, signed by the official SDKs', async () => {
    const o = await place(await priced(8800))
    const call = (path: string, body: object = {}) =>
      t.call('POST', `${P}/${path}`, { token: student, body: { orderId: o.id, ...body }, lang: 'en' })

    const native = await call('alipay/nativePay')
    expect(native.status, JSON.stringify(native.body)).toBe(200)
    expect(native.body.data).toMatchObject({ channel: 'alipay', payType: 'native', amount: 8800 })
    expect(native.body.data.qrCode).toMatch(/^https:\/\/qr\.alipay\.com\//)
    expect(ali.trades.get(o.outTradeNo)).toMatchObject({ amount: '88.00', appId: APP_ID })

    expect((await call('alipay/jsPay')).body).toMatchObject({ code: 400, field: 'buyerId' })
    expect((await call('alipay/jsPay', { buyerId: '2088102146225135' })).body.data.tradeNo).toBeTruthy()

    for (const [path, method] of [
      ['alipay/pcPay', 'alipay.trade.page.pay'],
      ['alipay/h5Pay', 'alipay.trade.wap.pay'],
    ] as const) {
      const url = new URL((await call(path)).body.data.url)
      expect(`${url.origin}${url.pathname}`).toBe(ali.url)
      expect(ali.verifySigned(url.search)).toMatchObject({ method, app_id: APP_ID })
    }
    const orderString = (await call('alipay/appPay')).body.data.orderString
    expect(ali.verifySigned(orderString)).toMatchObject({ method: 'alipay.trade.app.pay' })

    const code = (await call('wxpay/nativePay')).body.data
    expect(code).toMatchObject({ channel: 'wxpay', payType: 'native' })
    expect(code.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl/)
    // Switching channel closed the Alipay trade first: it can no longer be paid there.
    expect(ali.trades.get(o.outTradeNo)!.status).toBe('TRADE_CLOSED')
    expect(wx.trades.get(o.outTradeNo)).toMatchObject({ total: 8800, mchid: MCH, appid: WX_APP })

    const verifyWith = (parts: string[], sig: string) =>
      createVerify('RSA-SHA256')
        .update(`${parts.join('\n')}\n`)
        .verify(merchant.publicKey, sig, 'base64')
    expect((await call('wxpay/jsPay')).body.field).toBe('openid')
    for (const path of ['wxpay/jsPay', 'wxpay/wxAppPay']) {
      const js = (await call(path, { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' })).body.data
      expect(js).toMatchObject({ appId: WX_APP, signType: 'RSA' })
      expect(js.package).toMatch(/^prepay_id=wx/)
      expect(verifyWith([js.appId, js.timeStamp, js.nonceStr, js.package], js.paySign)).toBe(true)
    }
    expect((await call('wxpay/h5Pay')).body.field).toBe('clientIp')
    expect((await call('wxpay/h5Pay', { clientIp: '203.0.113.7' })).body.data.h5Url).toMatch(
      /^https:\/\/wx\.tenpay\.com\//,
    )
    const appPay = (await call('wxpay/appPay')).body.data
    expect(appPay).toMatchObject({ appid: WX_APP, partnerid: MCH, package: 'Sign=WXPay' })
    expect(verifyWith([appPay.appid, appPay.timestamp, appPay.noncestr, appPay.prepayid], appPay.sign)).toBe(true)

    expect((await call('merge/nativePay', { channel: 'alipay' })).body.data.qrCode).toMatch(/qr\.alipay\.com/)
    expect((await call('merge/nativePay')).body.field).toBe('channel')
    expect((await call('merge/mobilePay', { channel: 'wxpay', clientIp: '203.0.113.7' })).body.data.h5Url).toBeTruthy()
    expect((await call('merge/mobilePay', { channel: 'wxpay', openid: 'o1' })).body.data.paySign).toBeTruthy()
    expect((await call('merge/mobilePay', { channel: 'alipay' })).body.data.url).toContain('alipay.trade.wap.pay')
    // Nothing the gateways refused: every request carried a valid signature.
    expect([ali.refused(), wx.refused()]).toEqual([0, 0])
  })

  it('a paid Alipay notification enrols the learner once; a replay answers success and credits nothing', async () => {
    const courseId = await priced(1200)
    const o = await place(courseId)
    await t.post(`${P}/alipay/nativePay`, student, { orderId: o.id })
    expect((await t.get(`${P}/order/checkOrderStatus`, student, { id: o.id })).body.data).toMatchObject({
      status: 0,
      paid: false,
    })
    const n = ali.pay(o.outTradeNo)
    expect(await deliver(n)).toMatchObject({ status: 200, body: 'success' })
    expect(await order(o.id)).toMatchObject({
      status: 1,
      channel: 'alipay',
      transactionId: ali.trades.get(o.outTradeNo)!.tradeNo,
    })
    expect(await enrolment(courseId)).toMatchObject({ status: 1, source: 4 })
    expect(await deliver(n)).toMatchObject({ status: 200, body: 'success' })
    expect(await db.select().from(payEvent).where(eq(payEvent.orderId, o.id))).toHaveLength(1)
    expect((await t.get(`${P}/order/checkOrderStatus`, student, { outTradeNo: o.outTradeNo })).body.data).toMatchObject(
      {
        status: 1,
        paid: true,
      },
    )
    expect((await t.post(`${P}/order/submit`, student, { itemType: 'course', itemId: courseId })).status).toBe(409)
  })

  it('refuses a changed amount, a wrong app id, a bad signature and an unknown config, changing nothing', async () => {
    const courseId = await priced(3000)
    const o = await place(courseId)
    await t.post(`${P}/alipay/nativePay`, student, { orderId: o.id })
    ali.pay(o.outTradeNo)
    const forged = [
      ali.notice(o.outTradeNo, { fields: { total_amount: '0.01' } }),
      ali.notice(o.outTradeNo, { fields: { app_id: '2021000999999999' } }),
      ali.notice(o.outTradeNo, { tamper: { total_amount: '0.01' } }),
      ali.notice(o.outTradeNo, { signWith: alipayKeys().privateKey }),
      { ...ali.notice(o.outTradeNo), url: `https://school.example.com${P}/alipay/notify?configId=123` },
    ]
    for (const n of forged) expect(await deliver(n)).toMatchObject({ status: 400, body: 'fail' })
    expect(await order(o.id)).toMatchObject({ status: 0, transactionId: null })
    expect(await enrolment(courseId)).toBeUndefined()
    expect(await db.select().from(payEvent).where(eq(payEvent.orderId, o.id))).toEqual([])
    const logged = await db.select().from(logUsual).where(like(logUsual.title, 'pay alipay notification refused%'))
    expect(logged.length).toBeGreaterThanOrEqual(5)
  })

  it('refuses a WeChat Pay notice with a bad signature, a wrong AES tag, a changed amount or another merchant', async () => {
    const courseId = await priced(4100)
    const o = await place(courseId)
    await t.post(`${P}/wxpay/nativePay`, student, { orderId: o.id })
    const bad = [
      wx.pay(o.outTradeNo, {}, { badTag: true }),
      wx.pay(o.outTradeNo, {}, { signWith: wechatKeys().privateKey }),
      wx.pay(o.outTradeNo, { amount: { total: 1, payer_total: 1, currency: 'CNY' } }),
      wx.pay(o.outTradeNo, { mchid: '1900000999' }),
      wx.pay(o.outTradeNo, { appid: 'wx0000000000000000' }),
    ]
    for (const n of bad) expect((await deliver(n)).body).toMatchObject({ code: 'FAIL' })
    const stale = wx.pay(o.outTradeNo)
    stale.headers['wechatpay-timestamp'] = String(Math.floor(Date.now() / 1000) - 3600)
    expect((await deliver(stale)).status).toBe(400)
    expect(await order(o.id)).toMatchObject({ status: 0 })
    expect(await enrolment(courseId)).toBeUndefined()
    expect(await deliver(wx.pay(o.outTradeNo))).toMatchObject({ status: 200, body: { code: 'SUCCESS' } })
    expect(await order(o.id)).toMatchObject({ status: 1, channel: 'wxpay' })
    expect(await enrolment(courseId)).toMatchObject({ status: 1, source: 4 })
  })

  it('200 concurrent duplicate notifications for 50 orders credit each order exactly once', async () => {
    const orders: { id: string; outTradeNo: string; courseId: string }[] = []
    for (let i = 0; i < 50; i++) {
      const courseId = await priced(100 + i)
      const o = await place(courseId)
      expect((await t.post(`${P}/wxpay/nativePay`, student, { orderId: o.id })).status).toBe(200)
      orders.push({ ...o, courseId })
    }
    const notices = orders.map((o) => wx.pay(o.outTradeNo))
    const all = [0, 1, 2, 3].flatMap(() => notices)
    const answers = await Promise.all(all.map((n) => deliver(n)))
    expect(answers.map((a) => a.status)).toEqual(all.map(() => 200))
    for (const o of orders) {
      expect(await order(o.id)).toMatchObject({ status: 1 })
      expect(await db.select().from(payEvent).where(eq(payEvent.orderId, o.id))).toHaveLength(1)
      expect(await enrolment(o.courseId)).toMatchObject({ status: 1 })
    }
  }, 120_000)

  it('the reconciliation credits a payment whose notice was lost and closes expired orders', async () => {
    const lostCourse = await priced(700)
    const lost = await place(lostCourse)
    await t.post(`${P}/alipay/nativePay`, student, { orderId: lost.id })
    ali.pay(lost.outTradeNo) // paid at Alipay, the notification never arrives
    const stale = await place(await priced(900))
    await t.post(`${P}/wxpay/nativePay`, student, { orderId: stale.id })
    const never = await place(await priced(990))
    const past = formatDateTime(new Date(Date.now() - 60_000))
    await db.update(payOrder).set({ expireTime: past }).where(eq(payOrder.id, stale.id))
    await db.update(payOrder).set({ expireTime: past }).where(eq(payOrder.id, never.id))
    const r = await reconcile(db)
    expect(r.credited).toBeGreaterThanOrEqual(1)
    expect(await order(lost.id)).toMatchObject({ status: 1 })
    expect(await enrolment(lostCourse)).toMatchObject({ status: 1 })
    expect(await order(stale.id)).toMatchObject({ status: 4 })
    expect(wx.trades.get(stale.outTradeNo)!.state).toBe('CLOSED')
    expect(await order(never.id)).toMatchObject({ status: 4 })
    expect((await t.post(`${P}/wxpay/nativePay`, student, { orderId: stale.id })).status).toBe(409)
    // Closed orders may be removed by staff; a paid one is an accounting record.
    expect((await t.post(`${P}/order/remove`, admin, undefined, { ids: lost.id })).status).toBe(409)
    expect((await t.post(`${P}/order/remove`, admin, undefined, { ids: never.id })).status).toBe(200)
  })

  it('refunds round trip: partial then full through WeChat Pay (notified), full through Alipay (answered)', async () => {
    const runner = startJobRunner(t.services, { kinds: ['pay.refund'], pollMs: 20 })
    try {
      const courseId = await priced(5000)
      const o = await place(courseId)
      await t.post(`${P}/wxpay/nativePay`, student, { orderId: o.id })
      await deliver(wx.pay(o.outTradeNo))
      const en = (body: object) => t.call('POST', `${P}/refund/submit`, { token: admin, body, lang: 'en' })
      expect((await en({ orderId: o.id, amount: 6000, reason: '重复购买' })).body).toMatchObject({
        code: 400,
        field: 'amount',
      })
      expect((await en({ orderId: o.id, amount: 100 })).body.field).toBe('reason')
      const part = await en({ orderId: o.id, amount: 2000, reason: '部分退款' })
      expect(part.status, JSON.stringify(part.body)).toBe(200)
      expect(await order(o.id)).toMatchObject({ status: 2 })
      // One refund in flight per order.
      expect((await en({ orderId: o.id, amount: 100, reason: '再退' })).body).toMatchObject({
        code: 400,
        field: 'orderId',
      })
      await until(() => wx.refunds.has(part.body.data.outRefundNo))
      const done = wx.refunded(part.body.data.outRefundNo)
      expect((await deliver(done)).status).toBe(200)
      expect((await deliver(done)).status).toBe(200)
      expect(await order(o.id)).toMatchObject({ status: 1, refundedAmount: 2000 })
      expect(await enrolment(courseId)).toBeTruthy()
      const rest = await en({ orderId: o.id, amount: 3000, reason: '全部退款' })
      await until(() => wx.refunds.has(rest.body.data.outRefundNo))
      await deliver(wx.refunded(rest.body.data.outRefundNo))
      expect(await order(o.id)).toMatchObject({ status: 3, refundedAmount: 5000 })
      expect(await enrolment(courseId)).toBeUndefined()
      const refunds = (await t.get(`${P}/refund/list`, admin, { orderId: o.id })).body.data.records
      expect(refunds.map((r: { status: number }) => r.status)).toEqual([1, 1])

      const aliCourse = await priced(1500)
      const a = await place(aliCourse)
      await t.post(`${P}/alipay/nativePay`, student, { orderId: a.id })
      await deliver(ali.pay(a.outTradeNo))
      const full = await en({ orderId: a.id, amount: 1500, reason: '不想学了' })
      expect(full.status).toBe(200)
      await until(async () => (await order(a.id))!.status === 3)
      expect(await first(db.select().from(payRefund).where(eq(payRefund.orderId, a.id)))).toMatchObject({ status: 1 })
      expect(await enrolment(aliCourse)).toBeUndefined()
      expect((await t.get(`${P}/refund/list`, other)).body.data.records).toEqual([])
    } finally {
      await runner.stop()
    }
  }, 60_000)

  it('a learner reads only their own orders', async () => {
    const o = await place(await priced(600))
    const studentRole = (await first(
      db
        .select()
        .from(role)
        .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'student'))),
    ))!
    const klass = (await first(db.select().from(dept).where(eq(dept.tenantId, '000000'))))!
    const made = await t.post('/api/blade-system/user/submit', admin, {
      account: 'payer2',
      password: 'payer2',
      realName: '另一位学员',
      roleId: studentRole.id,
      deptId: klass.id,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const second = await t.token('payer2')
    expect((await t.get(`${P}/order/checkOrderStatus`, second, { id: o.id })).status).toBe(404)
    expect((await t.post(`${P}/alipay/nativePay`, second, { orderId: o.id })).status).toBe(404)
    expect((await t.get(`${P}/order/checkOrderStatus`, other, { id: o.id })).status).toBe(404)
    expect((await t.get(`${P}/order/detail`, other, { id: o.id })).status).toBe(404)
    expect((await t.get(`${P}/order/detail`, admin, { id: o.id })).body.data).toMatchObject({
      amount: 600,
      userId: studentId,
    })
    const csv = await t.get(`${P}/order/export`, admin, { status: '0', itemId: (await order(o.id))!.itemId })
    expect(csv.body).toContain('订单号,商品名称,学员,金额')
    expect(csv.body).toContain(`${o.outTradeNo},`)
    expect(csv.body).toContain(',6.00,0.00,')
    expect((await t.get(`${P}/order/export`, student)).status).toBe(403)
  })
})

async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}
