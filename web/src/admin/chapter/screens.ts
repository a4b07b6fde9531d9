import { lazy } from 'react'

/** A chapter's content and its learners' progress (menu row content:chapter, db/reference/areas/content.ts). */
export const chapterScreens = {
  '/wel/viewChapter': lazy(() => import('./ViewChapter')),
}
