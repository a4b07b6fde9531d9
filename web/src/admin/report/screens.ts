import { lazy } from 'react'

/** Report screens by menu path (db/reference/areas/report.ts). */
export const reportScreens = {
  '/report/report': lazy(() => import('./Reports')),
}
