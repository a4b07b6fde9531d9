import { lazy, Suspense, type ReactNode } from 'react'
import type { RouteObject } from 'react-router-dom'
import PortalTheme from './PortalTheme'
import RequireAuth from './RequireAuth'
import Loading from '../../shared/Loading'

const Home = lazy(() => import('./Home'))
const CourseList = lazy(() => import('./CourseList'))
const CourseDetail = lazy(() => import('./CourseDetail'))
const SeriesDetail = lazy(() => import('./SeriesDetail'))
const NewsList = lazy(async () => ({ default: (await import('./News')).NewsList }))
const NewsDetail = lazy(async () => ({ default: (await import('./News')).NewsDetail }))
const CloudDocs = lazy(() => import('./CloudDocs'))
const DocShare = lazy(() => import('./DocShare'))
const UserCenter = lazy(() => import('./UserCenter'))
const SignUp = lazy(() => import('./SignUp'))
const StaticPage = lazy(() => import('./StaticPage'))
const Learn = lazy(() => import('./Learn'))

const page = (node: ReactNode) => <Suspense fallback={<Loading style={{ marginTop: '20vh' }} />}>{node}</Suspense>

/** Portal pages inside the portal layout (header, footer), under /home. */
export const portalContentRoutes: RouteObject[] = [
  { path: 'index', element: page(<Home />) },
  { path: 'course', element: page(<CourseList kind="course" />) },
  { path: 'training-camp', element: page(<CourseList kind="camp" />) },
  { path: 'course-detail', element: page(<CourseDetail />) },
  { path: 'series-detail', element: page(<SeriesDetail />) },
  { path: 'information', element: page(<NewsList />) },
  { path: 'information-detail/:id', element: page(<NewsDetail />) },
  { path: 'cloud-document', element: page(<CloudDocs />) },
  {
    path: 'user-center',
    element: page(
      <RequireAuth>
        <UserCenter />
      </RequireAuth>,
    ),
  },
  { path: 'user-sign-up', element: page(<SignUp />) },
  { path: 'harmony-cloud', element: page(<StaticPage kind="harmony" />) },
  { path: 'solution', element: page(<StaticPage kind="solution" />) },
  { path: 'about-us', element: page(<StaticPage kind="about" />) },
]

/** Full-page learning routes (spec §2), outside the portal layout. */
export const fullPageContentRoutes: RouteObject[] = [
  {
    path: '/home/course/learn',
    element: page(
      <PortalTheme>
        <RequireAuth>
          <Learn />
        </RequireAuth>
      </PortalTheme>,
    ),
  },
  {
    path: '/home/doc-share/:id',
    element: page(
      <PortalTheme>
        <RequireAuth>
          <DocShare />
        </RequireAuth>
      </PortalTheme>,
    ),
  },
]
