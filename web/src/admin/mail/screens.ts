import { lazy } from 'react'

/** E-mail screens by menu path (db/reference/areas/mail.ts). */
export const mailScreens = {
  '/mail/config': lazy(() => import('./Config')),
  '/mail/template': lazy(() => import('./Template')),
  '/mail/strategy': lazy(() => import('./Strategy')),
  '/mail/address': lazy(() => import('./Address')),
  '/mail/outbox': lazy(() => import('./Outbox')),
  '/mail/plat-from': lazy(() => import('./PlatFrom')),
  '/mail/inbox': lazy(() => import('./inbox/Inbox')),
}
