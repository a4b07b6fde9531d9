import { defineMessages } from '../../lib/messages.ts'

defineMessages({
  'pay.keyRequired': { zh: '请输入{label}', en: 'please enter the {label}' },
  'pay.keyInvalid': { zh: '{label}不是有效的 RSA 密钥', en: 'the {label} is not a valid RSA key' },
  'pay.apiV3Key': { zh: 'APIv3 密钥必须是 32 个字符', en: 'the API v3 key must be 32 characters' },
  'pay.configMissing': { zh: '所选支付配置不存在', en: 'the chosen payment config does not exist' },
  'pay.notConfigured': {
    zh: '学校尚未配置该支付方式',
    en: 'the school has not set up this payment method',
  },
  'pay.itemMissing': { zh: '课程或训练营不存在', en: 'the course or camp does not exist' },
  'pay.free': { zh: '该课程免费，无需支付，请直接报名', en: 'this course is free: sign up without paying' },
  'pay.enrolled': { zh: '你已报名该课程', en: 'you are already enrolled' },
  'pay.notPending': { zh: '订单已不是待支付状态', en: 'the order is no longer waiting for payment' },
  'pay.expired': { zh: '订单已过期，请重新下单', en: 'the order has expired: place a new one' },
  'pay.gateway': {
    zh: '支付平台暂时无法处理该请求，请稍后重试',
    en: 'the payment provider could not handle the request: try again later',
  },
  'pay.openid': { zh: '请提供付款人的 openid', en: 'please give the payer’s openid' },
  'pay.buyerId': { zh: '请提供付款人的支付宝用户ID', en: 'please give the payer’s Alipay user ID' },
  'pay.refundState': { zh: '只有已支付的订单可以退款', en: 'only a paid order can be refunded' },
  'pay.refundAmount': {
    zh: '退款金额必须在 0.01 元与可退金额 {max} 元之间',
    en: 'the refund must be between 0.01 and the refundable {max} yuan',
  },
})

defineMessages({
  'pay.orderFixed': {
    zh: '订单创建后不能修改，只随支付和退款变化',
    en: 'an order is not edited once placed: only payments and refunds change it',
  },
  'pay.refundFixed': {
    zh: '退款提交后不能修改',
    en: 'a refund is not edited once submitted',
  },
  'pay.removeClosed': {
    zh: '只能删除已关闭的订单（已支付的订单是账目记录）',
    en: 'only closed orders can be removed (a paid order is an accounting record)',
  },
})

defineMessages({
  'pay.reason': { zh: '请输入退款原因', en: 'please enter the reason' },
  'pay.refundAmountType': { zh: '退款金额必须是整数（分）', en: 'the refund amount must be a whole number of fen' },
})
