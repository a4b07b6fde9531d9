import { CRUD, defineReference } from '../types.ts'

/** Payments (blade-pay): a school's Alipay / WeChat Pay accounts, the merged config, orders and refunds. */
export default defineReference({
  menus: [
    {
      code: 'pay',
      name: '支付管理',
      alias: 'Payments',
      path: '/pay',
      source: 'card',
      sort: 7,
      topMenu: 'system',
      grant: ['manager'],
      children: [
        {
          code: 'pay:order',
          name: '订单管理',
          alias: 'Orders',
          path: '/pay/order',
          source: 'document',
          sort: 1,
          grant: ['manager'],
          buttons: ['delete', 'view', ['export', '导出', 'Export']],
        },
        {
          code: 'pay:refund',
          name: '退款管理',
          alias: 'Refunds',
          path: '/pay/refund',
          source: 'list',
          sort: 2,
          grant: ['manager'],
          buttons: ['add', 'view'],
        },
        {
          code: 'pay:alipay',
          name: '支付宝配置',
          alias: 'Alipay',
          path: '/pay/alipay',
          source: 'settings',
          sort: 3,
          grant: ['manager'],
          buttons: CRUD,
        },
        {
          code: 'pay:wxpay',
          name: '微信支付配置',
          alias: 'WeChat Pay',
          path: '/pay/wxpay',
          source: 'settings',
          sort: 4,
          grant: ['manager'],
          buttons: CRUD,
        },
        {
          code: 'pay:merge',
          name: '聚合支付配置',
          alias: 'Merged payment',
          path: '/pay/merge',
          source: 'settings',
          sort: 5,
          grant: ['manager'],
          buttons: CRUD,
        },
      ],
    },
  ],
  systemDicts: [
    [
      'pay_order_status',
      '订单状态',
      'Order status',
      [
        ['0', '待支付', 'Pending'],
        ['1', '已支付', 'Paid'],
        ['2', '退款中', 'Refunding'],
        ['3', '已退款', 'Refunded'],
        ['4', '已关闭', 'Closed'],
      ],
    ],
    [
      'pay_refund_status',
      '退款状态',
      'Refund status',
      [
        ['0', '退款中', 'Processing'],
        ['1', '退款成功', 'Succeeded'],
        ['2', '退款失败', 'Failed'],
      ],
    ],
    [
      'pay_channel',
      '支付渠道',
      'Payment channel',
      [
        ['alipay', '支付宝', 'Alipay'],
        ['wxpay', '微信支付', 'WeChat Pay'],
      ],
    ],
    [
      'pay_type',
      '支付方式',
      'Payment method',
      [
        ['native', '扫码支付', 'QR code'],
        ['jsapi', '公众号/小程序支付', 'In-app browser (JSAPI)'],
        ['h5', '手机网页支付', 'Mobile web'],
        ['pc', '电脑网站支付', 'Desktop web'],
        ['app', 'APP 支付', 'App'],
      ],
    ],
    [
      'pay_item_type',
      '商品类型',
      'Item type',
      [
        ['course', '课程', 'Course'],
        ['camp', '训练营', 'Training camp'],
      ],
    ],
    [
      'pay_client',
      '支付客户端',
      'Payment client',
      [
        ['pc', '电脑', 'Desktop'],
        ['mobile', '手机浏览器', 'Mobile browser'],
        ['app', 'APP', 'App'],
      ],
    ],
  ],
})
