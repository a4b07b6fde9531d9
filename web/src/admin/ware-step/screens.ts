import { lazy } from 'react'

/** The courseware step editor as a page (menu row content:ware-step, db/reference/areas/content.ts). */
export const wareStepScreens = {
  '/courseWare/step': lazy(() => import('./WareStepPage')),
}
