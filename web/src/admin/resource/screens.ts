import { lazy } from 'react'

/** File-storage screens by menu path (db/seed/menus.ts). */
export const resourceScreens = {
  '/resource/oss': lazy(() => import('./Oss')),
  '/resource/attach': lazy(() => import('./Attach')),
}
