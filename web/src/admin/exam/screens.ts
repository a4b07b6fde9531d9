import { lazy } from 'react'

/** Question bank, papers, exams, exam groups and teams, by menu path (db/reference/areas/exam.ts). */
export const examScreens = {
  '/exam/question': lazy(() => import('./Questions')),
  '/exam/paper': lazy(() => import('./Papers')),
  '/exam/paperTime': lazy(() => import('./Exams')),
  '/exam/group': lazy(() => import('./Groups')),
  '/exam/team': lazy(() => import('./Teams')),
}
