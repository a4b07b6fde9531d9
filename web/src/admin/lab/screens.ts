import { lazy } from 'react'

/** Lab screens by menu path (db/reference/areas/lab.ts). */
export const labScreens = {
  '/lab/image': lazy(() => import('./Images')),
  '/lab/experiment': lazy(() => import('./Experiments')),
  '/lab/running': lazy(() => import('./Running')),
  '/lab/host': lazy(() => import('./Hosts')),
}
