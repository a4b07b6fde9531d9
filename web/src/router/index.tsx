import { lazy, Suspense, type ReactNode } from 'react'
import { createBrowserRouter } from 'react-router-dom'
import AdminLayout from '../admin/shell/AdminLayout'
import MenuScreen from '../admin/shell/MenuScreen'
import { screens } from '../admin/screens'
import { setUnauthorizedHandler } from '../shared/api'
import { session } from '../shared/session'
import LoginPage from '../login/LoginPage'
import LockRoute from './LockRoute'
import OtherEntry from './OtherEntry'
import Loading from '../shared/Loading'
import { workflowRoutes } from '../admin/workflow/routes'

const NotFound = lazy(() => import('../admin/pages/NotFound'))
const Forbidden = lazy(() => import('../admin/pages/Forbidden'))
const ServerError = lazy(() => import('../admin/pages/ServerError'))
const IFrame = lazy(() => import('../admin/pages/IFrame'))

const page = (node: ReactNode) => <Suspense fallback={<Loading style={{ marginTop: '20vh' }} />}>{node}</Suspense>
const screen = (path: string) => {
  const Screen = screens[path]
  return Screen ? <Screen /> : <NotFound />
}

/**
 * The back office's routes (index.html). Fixed routes of spec §2; every other
 * admin path is resolved from the user's menu (MenuScreen). The site root and
 * /home/* belong to the portal entry (router/portal.tsx); the admin layout
 * sends guests to /home/user-login.
 */
export const router = createBrowserRouter([
  { path: '/', element: <OtherEntry portal={false} /> },
  { path: '/home/*', element: <OtherEntry portal={false} /> },
  { path: '/login', element: page(<LoginPage />) },
  { path: '/lock', element: page(<LockRoute />) },
  { path: '/404', element: page(<NotFound />) },
  { path: '/403', element: page(<Forbidden />) },
  { path: '/500', element: page(<ServerError />) },
  {
    element: <AdminLayout />,
    children: [
      { path: '/wel/index', element: screen('/wel/index') },
      { path: '/wel/dashboard', element: screen('/wel/dashboard') },
      { path: '/info/index', element: screen('/info/index') },
      { path: '/dict-horizontal/index', element: screen('/dict-horizontal/index') },
      { path: '/dict-vertical/index', element: screen('/dict-vertical/index') },
      { path: '/myiframe/:routerPath', element: <IFrame /> },
      ...workflowRoutes.map(({ path, Screen }) => ({ path, element: <Screen /> })),
      { path: '*', element: <MenuScreen /> },
    ],
  },
])

// A 401 anywhere: sign out and go to /login without a full reload.
setUnauthorizedHandler(() => {
  session.clear()
  void router.navigate('/login')
})
