import { lazy } from 'react'

/** SMS screens by menu path (db/reference/areas/sms.ts). */
export const smsScreens = {
  '/resource/sms': lazy(() => import('./Sms')),
}
