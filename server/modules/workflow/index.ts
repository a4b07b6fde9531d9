import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { buttonResource } from './design/button.ts'
import { categoryResource } from './design/category.ts'
import { conditionResource } from './design/condition.ts'
import { deploymentResource } from './design/deployment.ts'
import { draftResource } from './design/draft.ts'
import { formDefaultResource } from './design/form-default.ts'
import { formResource } from './design/form.ts'
import { formThemeResource } from './design/form-theme.ts'
import { formVariableResource } from './design/form-variable.ts'
import { leaveResource } from './design/leave.ts'
import { modelResource } from './design/model.ts'
import { flowFollowResource } from './flow/follow.ts'
import { flowManagerResource } from './flow/manager.ts'
import { flowModelResource } from './flow/model.ts'
import { flowWorkResource } from './flow/work.ts'
import { opsResource } from './ops.ts'
import { processResource } from './process.ts'
import { deskLeaveResource } from './leave.ts'

/**
 * Workflow (issue #28): blade-workflow/design (models, forms, categories, deployments, …), blade-workflow/ops,
 * blade-workflow/process, blade-flow (the classic engine over the same runtime) and the desk's leave sample.
 * The default-values, theme and variable routes sit under the form's path, so they mount before it.
 */
export const workflowModule = (s: Services) =>
  new Elysia({ name: 'workflow-module', seed: s.id })
    .use(categoryResource.routes(s))
    .use(modelResource.routes(s))
    .use(formDefaultResource.routes(s))
    .use(formThemeResource.routes(s))
    .use(formVariableResource.routes(s))
    .use(formResource.routes(s))
    .use(conditionResource.routes(s))
    .use(deploymentResource.routes(s))
    .use(buttonResource.routes(s))
    .use(leaveResource.routes(s))
    .use(draftResource.routes(s))
    .use(opsResource.routes(s))
    .use(flowModelResource.routes(s))
    .use(flowManagerResource.routes(s))
    .use(flowFollowResource.routes(s))
    .use(flowWorkResource.routes(s))
    .use(deskLeaveResource.routes(s))
    .use(processResource.routes(s))
