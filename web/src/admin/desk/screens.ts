import { lazy } from 'react'

/** Workbench screens by menu path (db/seed/menus.ts). */
export const deskScreens = {
  '/desk/message': lazy(() => import('./Messages')),
  '/desk/notice': lazy(() => import('./Notice')),
}
