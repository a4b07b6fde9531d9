import { lazy, Suspense, type ReactNode } from 'react'
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom'
import { setUnauthorizedHandler } from '../shared/api'
import { session } from '../shared/session'
import PortalLayout from '../portal/PortalLayout'
import { fullPageContentRoutes, portalContentRoutes } from '../portal/content/routes'
import Loading from '../shared/Loading'
import OtherEntry from './OtherEntry'
import PortalTheme from '../portal/content/PortalTheme'
import RequireAuth from '../portal/content/RequireAuth'

const LoginPage = lazy(() => import('../login/LoginPage'))
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
const PracticeCourses = lazy(() => import('../portal/lab/PracticeCourses'))
const ExperimentPage = lazy(() => import('../portal/lab/ExperimentPage'))
const AiAssistant = lazy(() => import('../portal/ai/AiAssistant'))

const page = (node: ReactNode) => <Suspense fallback={<Loading style={{ marginTop: '20vh' }} />}>{node}</Suspense>

/**
 * The learner portal's routes (portal.html, spec §2): the site root and
 * /home/*, open to guests (protected pages send them to /home/user-login).
 * Any other address — the back office, /login, the error pages — is loaded
 * as the other entry's document (OtherEntry). A declarative router: the
 * portal uses no loaders or blockers, and this router is half the size of
 * the data router the back office uses.
 */
const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/home/index" replace /> },
  { path: '/home/user-login', element: page(<LoginPage />) },
  { path: '/home/competition-test', element: page(<CompetitionTest />) },
  ...(
    ['questionType', 'questionOrder', 'questionRandom', 'questionByRequire', 'questionByRequirePaper', 'check'] as const
  ).map((mode) => ({ path: `/home/${mode}`, element: page(<Practice mode={mode} />) })),
  { path: '/home/experiment', element: page(<ExperimentPage />) },
  {
    path: '/home/ai',
    element: page(
      <PortalTheme>
        <RequireAuth>
          <AiAssistant />
        </RequireAuth>
      </PortalTheme>,
    ),
  },
  ...fullPageContentRoutes,
  {
    path: '/home',
    element: <PortalLayout />,
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
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
  { path: '*', element: <OtherEntry portal /> },
]

export const PortalRoutes = () => useRoutes(routes)

// A 401 in the portal: the session is over. Public pages stay; a protected
// page's guard (RequireAuth) then sends the visitor to /home/user-login.
setUnauthorizedHandler(() => session.clear())
