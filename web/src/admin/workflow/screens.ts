import { lazy } from 'react'

/** Workflow screens by menu path (db/reference/areas/workflow.ts); bpmn-js loads only with the screens that draw. */
export const workflowScreens = {
  '/work/start': lazy(() => import('./work/StartList')),
  '/work/claim': lazy(() => import('./work/WorkList').then((m) => ({ default: m.ClaimList }))),
  '/work/todo': lazy(() => import('./work/WorkList').then((m) => ({ default: m.TodoList }))),
  '/work/send': lazy(() => import('./work/WorkList').then((m) => ({ default: m.SendList }))),
  '/work/done': lazy(() => import('./work/WorkList').then((m) => ({ default: m.DoneList }))),
  '/work/copy': lazy(() => import('./work/WorkList').then((m) => ({ default: m.CopyList }))),
  '/workflow/design/model': lazy(() => import('./design/Models')),
  '/workflow/design/form': lazy(() => import('./design/Forms')),
  '/workflow/design/form-theme': lazy(() => import('./design/FormThemes')),
  '/workflow/design/form-variable': lazy(() => import('./design/FormVariables')),
  '/workflow/design/deployment': lazy(() => import('./design/Deployments')),
  '/workflow/design/category': lazy(() => import('./design/Categories')),
  '/workflow/design/button': lazy(() => import('./design/Buttons')),
  '/workflow/design/condition': lazy(() => import('./design/Conditions')),
  '/workflow/ops': lazy(() => import('./ops/Ops')),
  '/workflow/statistics': lazy(() => import('./ops/Statistics')),
  '/flow/model': lazy(() => import('./flow/FlowModels')),
  '/flow/manager': lazy(() => import('./flow/FlowManager')),
  '/flow/follow': lazy(() => import('./flow/FlowFollow')),
}
