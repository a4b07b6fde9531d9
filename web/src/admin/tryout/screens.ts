import { lazy } from 'react'

/** The API tryout (menu row system:tryout, db/reference/areas/api-docs.ts). */
export const tryoutScreens = {
  '/test/index': lazy(() => import('./Tryout')),
}
