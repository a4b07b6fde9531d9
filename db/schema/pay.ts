import { index, integer, table, text, uniqueIndex } from './dialect.ts'
import { commonColumns, liveUnique, money, scopedListIndex } from './common.ts'

/**
 * Payments (blade-pay), BladeX-like shapes. Money is whole fen. Private keys and the WeChat API v3 key are sealed
 * at rest (server/lib/sealed.ts) and never answered. A gateway address is checked against the outbound policy.
 */

/** A school's Alipay application (open platform app): RSA2 keys, bare base64 as Alipay's console shows them. */
export const payAlipayConfig = table(
  'blade_pay_alipay_config',
  {
    ...commonColumns(),
    name: text().notNull(),
    appId: text().notNull(),
    /** The application private key, sealed. */
    privateKey: text().notNull(),
    alipayPublicKey: text().notNull(),
    /** The OpenAPI gateway (https://openapi.alipay.com/gateway.do when empty). */
    gateway: text(),
    /** The address Alipay posts notifications to: this appliance's public /api/blade-pay/alipay/notify. */
    notifyUrl: text().notNull(),
    returnUrl: text(),
  },
  (t) => [scopedListIndex('pay_alipay_config', t)],
)

/** A school's WeChat Pay v3 merchant: API v3 key and merchant private key sealed; one platform certificate's key. */
export const payWxConfig = table(
  'blade_pay_wx_config',
  {
    ...commonColumns(),
    name: text().notNull(),
    mchId: text().notNull(),
    appId: text().notNull(),
    apiV3Key: text().notNull(),
    serialNo: text().notNull(),
    privateKey: text().notNull(),
    /** The platform certificate's serial and public key (PEM): notifications and answers are verified with it. */
    platformSerial: text().notNull(),
    platformCert: text().notNull(),
    /** The API address (https://api.mch.weixin.qq.com/ when empty). */
    baseUrl: text(),
    notifyUrl: text().notNull(),
  },
  (t) => [scopedListIndex('pay_wx_config', t)],
)

/** Which Alipay and WeChat Pay accounts serve a client kind (pay_client: pc, mobile, app) for the merged calls. */
export const payMergeConfig = table(
  'blade_pay_merge_config',
  {
    ...commonColumns(),
    name: text().notNull(),
    client: text().notNull(),
    alipayConfigId: text(),
    wxConfigId: text(),
  },
  (t) => [scopedListIndex('pay_merge_config', t), liveUnique('ux_pay_merge_client', t.tenantId, t.client)],
)

/**
 * An order: one learner buying one item at the price it had then. status (pay_order_status): 0 pending, 1 paid,
 * 2 refunding, 3 refunded, 4 closed. out_trade_no is unique across the appliance: a notification finds its order
 * by it before knowing the school.
 */
export const payOrder = table(
  'blade_pay_order',
  {
    ...commonColumns(),
    status: integer().notNull().default(0),
    outTradeNo: text().notNull(),
    itemType: text().notNull(),
    itemId: text().notNull(),
    itemName: text().notNull(),
    userId: text().notNull(),
    amount: money().notNull(),
    refundedAmount: money().notNull().default(0),
    channel: text(),
    payType: text(),
    /** The Alipay or WeChat Pay config the order was sent to (notifications must come from it). */
    configId: text(),
    transactionId: text(),
    paidTime: text(),
    expireTime: text().notNull(),
    closeTime: text(),
  },
  (t) => [
    scopedListIndex('pay_order', t),
    uniqueIndex('ux_pay_order_trade_no').on(t.outTradeNo),
    index('ix_pay_order_pending').on(t.status, t.expireTime),
    index('ix_pay_order_user').on(t.userId),
  ],
)

/** A refund of (part of) an order. status (pay_refund_status): 0 processing, 1 succeeded, 2 failed. */
export const payRefund = table(
  'blade_pay_refund',
  {
    ...commonColumns(),
    status: integer().notNull().default(0),
    orderId: text().notNull(),
    outRefundNo: text().notNull(),
    amount: money().notNull(),
    reason: text().notNull(),
    refundId: text(),
    refundTime: text(),
  },
  (t) => [
    scopedListIndex('pay_refund', t),
    uniqueIndex('ux_pay_refund_no').on(t.outRefundNo),
    index('ix_pay_refund_order').on(t.orderId),
  ],
)

/**
 * Every provider event applied, keyed by (provider, kind, event id): the transaction id of a payment, the refund id
 * of a refund. Applying one inserts this row first in the transaction that moves the order, so a replay, a retry
 * or a concurrent duplicate finds it taken and credits nothing.
 */
export const payEvent = table(
  'blade_pay_event',
  {
    id: text().primaryKey(),
    tenantId: text().notNull(),
    provider: text().notNull(),
    kind: text().notNull(),
    eventId: text().notNull(),
    orderId: text().notNull(),
    amount: money().notNull(),
    createTime: text().notNull(),
  },
  (t) => [uniqueIndex('ux_pay_event').on(t.provider, t.kind, t.eventId)],
)
