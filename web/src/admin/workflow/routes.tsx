import { lazy } from 'react'

const LeaveProcess = lazy(() => import('./leave/LeaveProcess'))
const VersionHistory = lazy(() => import('./design/VersionHistory'))

/**
 * The workflow's parameter routes (spec §2), outside the menu: the router mounts them in the back office's shell.
 * Each screen asks the server for what it shows, which decides who may see it.
 */
export const workflowRoutes = [
  { path: '/work/process/leave/form/:processDefinitionId', Screen: lazy(() => import('./leave/LeaveForm')) },
  {
    path: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
    Screen: () => <LeaveProcess handle />,
  },
  { path: '/work/process/leave/detail/:processInstanceId/:businessId', Screen: () => <LeaveProcess handle={false} /> },
  { path: '/workflow/design/process/:id', Screen: lazy(() => import('./design/Modeler')) },
  { path: '/workflow/design/model/history/:id', Screen: () => <VersionHistory kind="model" /> },
  { path: '/workflow/design/form/history/:id', Screen: () => <VersionHistory kind="form" /> },
  { path: '/workflow/process/start/:params', Screen: lazy(() => import('./work/ProcessStart')) },
  { path: '/workflow/process/detail/:params', Screen: lazy(() => import('./work/ProcessDetailPage')) },
]
