import { lazy } from 'react'

/** The system-administration screens by menu path (db/seed/menus.ts). */
export const systemScreens = {
  '/system/param': lazy(() => import('./Param')),
}
