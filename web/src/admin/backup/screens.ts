import { lazy } from 'react'

/** The backups screen (platform administrator), by menu path. */
export const backupScreens = {
  '/system/backup': lazy(() => import('./Backups')),
}
