import { lazy } from 'react'

/** Development tools by menu path (db/reference/areas/develop.ts). */
export const developScreens = {
  '/develop/datasource': lazy(() => import('./Datasource')),
  '/develop/model': lazy(() => import('./Model')),
  '/develop/code': lazy(() => import('./Code')),
}
