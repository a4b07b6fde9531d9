import { COMMON, defineFields, L } from './types.ts'

/**
 * Payments (blade-pay): the schools' Alipay and WeChat Pay accounts, the merged config, orders and refunds. Keys are
 * never answered: the forms leave them empty and an empty key on edit keeps the stored one (server/modules/pay).
 */

const KEY_MAX = 4096
const keyLabel = (zh: string, en: string) => L(`${zh}（留空不修改）`, `${en} (empty = unchanged)`)

const common = {
  name: { label: L('配置名称', 'Name'), required: L('请输入配置名称', 'please enter the name'), max: 64 },
  notifyUrl: {
    label: L('异步通知地址', 'Notification URL'),
    required: L('请输入异步通知地址', 'please enter the notification URL'),
    rules: ['url' as const],
    max: 255,
  },
  remark: COMMON.remark,
}

export const alipayConfigFields = defineFields({
  ...common,
  appId: { label: L('应用ID', 'App ID'), required: L('请输入应用ID', 'please enter the app ID'), max: 64 },
  privateKey: { label: keyLabel('应用私钥', 'App private key'), type: 'textarea', max: KEY_MAX },
  alipayPublicKey: {
    label: L('支付宝公钥', 'Alipay public key'),
    required: L('请输入支付宝公钥', 'please enter the Alipay public key'),
    type: 'textarea',
    max: KEY_MAX,
  },
  gateway: { label: L('网关地址（留空为官方地址）', 'Gateway (empty = the official one)'), rules: ['url'], max: 255 },
  returnUrl: { label: L('同步跳转地址', 'Return URL'), rules: ['url'], max: 255 },
})

export const wxConfigFields = defineFields({
  ...common,
  mchId: { label: L('商户号', 'Merchant ID'), required: L('请输入商户号', 'please enter the merchant ID'), max: 32 },
  appId: { label: L('应用ID', 'App ID'), required: L('请输入应用ID', 'please enter the app ID'), max: 64 },
  apiV3Key: { label: keyLabel('APIv3 密钥', 'API v3 key'), type: 'password', max: 32 },
  serialNo: {
    label: L('商户证书序列号', 'Merchant certificate serial'),
    required: L('请输入商户证书序列号', 'please enter the merchant certificate serial'),
    max: 64,
  },
  privateKey: { label: keyLabel('商户私钥', 'Merchant private key'), type: 'textarea', max: KEY_MAX },
  platformSerial: {
    label: L('平台证书序列号', 'Platform certificate serial'),
    required: L('请输入平台证书序列号', 'please enter the platform certificate serial'),
    max: 64,
  },
  platformCert: {
    label: L('平台证书公钥', 'Platform certificate public key'),
    required: L('请输入平台证书公钥', 'please enter the platform public key'),
    type: 'textarea',
    max: KEY_MAX,
  },
  baseUrl: {
    label: L('接口地址（留空为官方地址）', 'API address (empty = the official one)'),
    rules: ['url'],
    max: 255,
  },
})

export const mergeConfigFields = defineFields({
  name: common.name,
  client: {
    label: L('客户端', 'Client'),
    type: 'dict',
    dict: { code: 'pay_client' },
    required: L('请选择客户端', 'please choose the client'),
    max: 16,
  },
  alipayConfigId: { label: L('支付宝配置', 'Alipay config'), max: 32 },
  wxConfigId: { label: L('微信支付配置', 'WeChat Pay config'), max: 32 },
  remark: COMMON.remark,
})

export const orderFields = defineFields({
  outTradeNo: { label: L('订单号', 'Order number'), max: 64 },
  itemType: {
    label: L('商品类型', 'Item type'),
    type: 'dict',
    dict: { code: 'pay_item_type' },
    required: L('请选择商品类型', 'please choose the item type'),
    max: 16,
  },
  itemId: { label: L('商品', 'Item'), required: L('请选择商品', 'please choose the item'), max: 32 },
  itemName: { label: L('商品名称', 'Item name'), max: 255 },
  userId: { label: L('学员', 'Learner'), max: 32 },
  amount: { label: L('金额', 'Amount'), type: 'money' },
  refundedAmount: { label: L('已退款', 'Refunded'), type: 'money' },
  channel: { label: L('支付渠道', 'Channel'), type: 'dict', dict: { code: 'pay_channel' }, max: 16 },
  payType: { label: L('支付方式', 'Payment method'), type: 'dict', dict: { code: 'pay_type' }, max: 16 },
  configId: { label: L('收款配置', 'Config'), max: 32 },
  transactionId: { label: L('支付流水号', 'Transaction ID'), max: 64 },
  paidTime: { label: L('支付时间', 'Paid at'), type: 'datetime' },
  expireTime: { label: L('过期时间', 'Expires at'), type: 'datetime' },
  closeTime: { label: L('关闭时间', 'Closed at'), type: 'datetime' },
  status: {
    label: L('订单状态', 'Order status'),
    type: 'select',
    options: [
      { value: 0, label: L('待支付', 'Pending') },
      { value: 1, label: L('已支付', 'Paid') },
      { value: 2, label: L('退款中', 'Refunding') },
      { value: 3, label: L('已退款', 'Refunded') },
      { value: 4, label: L('已关闭', 'Closed') },
    ],
    default: 0,
  },
  createTime: COMMON.createTime,
  remark: COMMON.remark,
})

export const refundFields = defineFields({
  orderId: { label: L('订单', 'Order'), required: L('请选择订单', 'please choose the order'), max: 32 },
  outRefundNo: { label: L('退款单号', 'Refund number'), max: 64 },
  amount: {
    label: L('退款金额', 'Refund amount'),
    type: 'money',
    required: L('请输入退款金额', 'please enter the refund amount'),
  },
  reason: { label: L('退款原因', 'Reason'), required: L('请输入退款原因', 'please enter the reason'), max: 255 },
  refundId: { label: L('退款流水号', 'Refund ID'), max: 64 },
  refundTime: { label: L('退款时间', 'Refunded at'), type: 'datetime' },
  status: {
    label: L('退款状态', 'Refund status'),
    type: 'select',
    options: [
      { value: 0, label: L('退款中', 'Processing') },
      { value: 1, label: L('退款成功', 'Succeeded') },
      { value: 2, label: L('退款失败', 'Failed') },
    ],
    default: 0,
  },
  createTime: COMMON.createTime,
  remark: COMMON.remark,
})
