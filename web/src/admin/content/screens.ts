import { lazy } from 'react'

const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }))

/** Teaching-content screens by menu path (db/reference/areas/content.ts). */
export const contentScreens = {
  '/content/course': named(() => import('./Course'), 'Courses'),
  '/content/camp': named(() => import('./Course'), 'Camps'),
  '/content/hot-course': lazy(() => import('./HotCourses')),
  '/content/review': lazy(() => import('./Review')),
  '/content/application': named(() => import('./Review'), 'Applications'),
  '/content/ware': lazy(() => import('./Ware')),
  '/content/series': lazy(() => import('./Series')),
  '/content/evaluate': lazy(() => import('./Evaluate')),
  '/content/card': lazy(() => import('./Card')),
  '/content/banner': lazy(() => import('./Banner')),
  '/content/blog': lazy(() => import('./Blog')),
  '/content/download': named(() => import('./Download'), 'Downloads'),
  '/content/lead': named(() => import('./Download'), 'Leads'),
  '/content/cloud': lazy(() => import('./Cloud')),
}
