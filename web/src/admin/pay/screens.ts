import { lazy } from 'react'

/** Payment screens by menu path (db/reference/areas/pay.ts). */
export const payScreens = {
  '/pay/order': lazy(() => import('./Orders')),
  '/pay/refund': lazy(() => import('./Refunds')),
  '/pay/alipay': lazy(() => import('./AlipayConfigs')),
  '/pay/wxpay': lazy(() => import('./WxConfigs')),
  '/pay/merge': lazy(() => import('./MergeConfigs')),
}
