import { lazy } from 'react'

/** The teacher's course overview (menu row content:course-details, db/reference/areas/content.ts). */
export const courseDetailsScreens = {
  '/wel/CourseDetails': lazy(() => import('./CourseDetails')),
}
