import { lazy, Suspense, type ReactNode } from 'react'
import { createBrowserRouter, Navigate } from 'react-router-dom'
import AdminLayout from '../admin/shell/AdminLayout'
import MenuScreen from '../admin/shell/MenuScreen'
import { screens } from '../admin/screens'
import { setUnauthorizedHandler } from '../shared/api'
import { session } from '../shared/session'
import LoginPage from '../login/LoginPage'
import PortalLayout from '../portal/PortalLayout'
import LockRoute from './LockRoute'
import { fullPageContentRoutes, portalContentRoutes } from '../portal/content/routes'
import PortalTheme from '../portal/content/PortalTheme'
import Loading from '../shared/Loading'

const PortalHome = lazy(() => import('../portal/PortalHome'))
const CompetitionTest = lazy(() => import('../portal/exam/CompetitionTest'))
const Iot = lazy(() => import('../portal/iot/IotPages').then((m) => ({ default: m.IotCatalogue })))
const IotDevices = lazy(() => import('../portal/iot/IotPages').then((m) => ({ default: m.IotDevices })))
const IotDeviceDetail = lazy(() => import('../portal/iot/IotPages').then((m) => ({ default: m.IotDeviceDetail })))
const Practice = lazy(() => import('../portal/exam/Practice'))
const competitionPages = () => import('../portal/exam/competition-routes')
const CompetitionList = lazy(() => competitionPages().then((m) => ({ default: m.CompetitionList })))
const CompanyCompetitions = lazy(() => competitionPages().then((m) => ({ default: m.CompanyCompetitions })))
const CompetitionDetail = lazy(() => competitionPages().then((m) => ({ default: m.CompetitionDetail })))
const MyCompetitions = lazy(() => competitionPages().then((m) => ({ default: m.MyCompetitions })))
const MyCompetitionDetail = lazy(() => competitionPages().then((m) => ({ default: m.MyCompetitionDetail })))
const PracticeCourses = lazy(() => import('../lab/PracticeCourses'))
const ExperimentPage = lazy(() => import('../lab/ExperimentPage'))
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
 * Fixed routes of spec §2; every other admin path is resolved from the
 * user's menu (MenuScreen). Portal routes (/home/*) are open to guests; the
 * admin layout sends guests to /home/user-login.
 */
export const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/home/index" replace /> },
  { path: '/login', element: page(<LoginPage />) },
  { path: '/lock', element: page(<LockRoute />) },
  { path: '/404', element: page(<NotFound />) },
  { path: '/403', element: page(<Forbidden />) },
  { path: '/500', element: page(<ServerError />) },
  {
    path: '/home/user-login',
    element: page(
      <PortalTheme>
        <LoginPage />
      </PortalTheme>,
    ),
  },
  { path: '/home/competition-test', element: page(<CompetitionTest />) },
  ...(
    ['questionType', 'questionOrder', 'questionRandom', 'questionByRequire', 'questionByRequirePaper', 'check'] as const
  ).map((mode) => ({ path: `/home/${mode}`, element: page(<Practice mode={mode} />) })),
  { path: '/home/experiment', element: page(<ExperimentPage />) },
  ...fullPageContentRoutes,
  {
    path: '/home',
    element: (
      <PortalTheme>
        <PortalLayout />
      </PortalTheme>
    ),
    children: [
      { index: true, element: <Navigate to="/home/index" replace /> },
      { path: 'practice-course', element: page(<PracticeCourses />) },
      ...portalContentRoutes,
      { path: 'iot', element: page(<Iot />) },
      { path: 'iot-device', element: page(<IotDevices />) },
      { path: 'iot-device-detail', element: page(<IotDeviceDetail />) },
      { path: 'competition', element: page(<CompetitionList />) },
      { path: 'competition-detail', element: page(<CompetitionDetail />) },
      { path: 'competition/company-competition', element: page(<CompanyCompetitions />) },
      { path: 'company-competition', element: <Navigate to="/home/competition/company-competition" replace /> },
      { path: 'competition/student-competition', element: page(<MyCompetitions />) },
      { path: 'competition/student-competition-detail', element: page(<MyCompetitionDetail />) },
      { path: ':section', element: page(<PortalHome />) },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
  {
    element: <AdminLayout />,
    children: [
      { path: '/wel/index', element: screen('/wel/index') },
      { path: '/wel/dashboard', element: screen('/wel/dashboard') },
      { path: '/info/index', element: screen('/info/index') },
      { path: '/dict-horizontal/index', element: screen('/dict-horizontal/index') },
      { path: '/dict-vertical/index', element: screen('/dict-vertical/index') },
      { path: '/myiframe/:routerPath', element: <IFrame /> },
      { path: '*', element: <MenuScreen /> },
    ],
  },
])

// A 401 anywhere: sign out and go to /login without a full reload.
setUnauthorizedHandler(() => {
  session.clear()
  void router.navigate('/login')
})
