import { and, asc, eq } from 'drizzle-orm'
import {
  course,
  payAlipayConfig,
  payMergeConfig,
  payOrder,
  payRefund,
  payWxConfig,
  user,
} from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { SYSTEM_USER } from '../../lib/reference/system-user.ts'
import { first } from '../../lib/rows.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import { withTransaction } from '../../lib/transaction.ts'

const DEMO = 'demo data is written once for a new tenant, by the system'
// Where a provider posts notifications: the appliance's public address of the notify route (the config id is added
// to it per call, server/modules/pay/alipay.ts notifyOf). A school replaces the host with its own.
const SAMPLE_HOST = 'https://atrium.school.example'
const SAMPLE = '示例：填入密钥后启用 / sample: enter the keys, then enable it'

/**
 * First start: the payment screens show the shape of what a school enters and keeps. Sample Alipay and WeChat Pay
 * accounts, disabled and without keys (keys are sealed under the data directory's secret, which the seed does not
 * hold; disabled accounts take no payments), the PC client's merged row, and one finished story:
 * the demo student's order of the first demo course, paid and refunded in full.
 */
export async function seedDemoPay(db: Db, tenantId = '000000') {
  await withTransaction(db, async (tx) => {
    const seeded = await first(
      tx
        .select({ id: payAlipayConfig.id })
        .from(payAlipayConfig)
        .where(tenantRows(payAlipayConfig, tenantId, { why: DEMO, withDeleted: true })),
    )
    if (seeded) return
    const stamp = now()
    const base = () => ({
      id: newId(),
      tenantId,
      createUser: SYSTEM_USER,
      createTime: stamp,
      updateUser: SYSTEM_USER,
      updateTime: stamp,
    })
    const alipay = { ...base(), status: 0, remark: SAMPLE }
    await tx.insert(payAlipayConfig).values({
      ...alipay,
      name: '支付宝（示例）',
      appId: '2021000000000000',
      privateKey: '',
      alipayPublicKey: '',
      notifyUrl: `${SAMPLE_HOST}/api/blade-pay/alipay/notify`,
    })
    const wx = { ...base(), status: 0, remark: SAMPLE }
    await tx.insert(payWxConfig).values({
      ...wx,
      name: '微信支付（示例）',
      mchId: '1900000000',
      appId: 'wx0000000000000000',
      apiV3Key: '',
      serialNo: '',
      privateKey: '',
      platformSerial: '',
      platformCert: '',
      notifyUrl: `${SAMPLE_HOST}/api/blade-pay/wxpay/notify`,
    })

    // The PC client's row names no account yet: until it does, a school's oldest enabled account serves it.
    await tx.insert(payMergeConfig).values({ ...base(), name: '电脑网页 / PC', client: 'pc' })

    const item = await first(
      tx
        .select({ id: course.id, title: course.title })
        .from(course)
        .where(tenantRows(course, tenantId, { why: DEMO }))
        .orderBy(asc(course.createTime), asc(course.id)),
    )
    const learner = await first(
      tx
        .select({ id: user.id })
        .from(user)
        .where(and(tenantRows(user, tenantId, { why: DEMO }), eq(user.account, 'student'))),
    )
    if (!item || !learner) return
    const order = { ...base(), createUser: learner.id, updateUser: learner.id }
    await tx.insert(payOrder).values({
      ...order,
      status: 3,
      outTradeNo: `A${order.id}`,
      itemType: 'course',
      itemId: item.id,
      itemName: item.title,
      userId: learner.id,
      amount: 9900,
      refundedAmount: 9900,
      channel: 'alipay',
      payType: 'pc',
      configId: alipay.id,
      transactionId: `DEMO${order.id}`,
      paidTime: stamp,
      expireTime: stamp,
    })
    const refund = base()
    await tx.insert(payRefund).values({
      ...refund,
      status: 1,
      orderId: order.id,
      outRefundNo: `R${refund.id}`,
      amount: 9900,
      reason: '示例：学员申请退款 / sample: the learner asked for a refund',
      refundId: `DEMO${refund.id}`,
      refundTime: stamp,
    })
  })
}
