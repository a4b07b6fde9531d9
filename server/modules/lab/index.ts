import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { experimentResource } from './experiment.ts'
import { experimentUserResource } from './experiment-user.ts'
import { imageResource } from './images.ts'
import { terminalRoutes } from './terminal.ts'
import { webLabRoutes } from './web.ts'
import { experimentStepResource } from './experiment-step.ts'
import { labHostResource } from './lab-host.ts'

/** Labs: environments, experiments, steps, enrolment, the learner's container, its terminal, web app and files. */
export const labModule = (s: Services) =>
  new Elysia({ name: 'lab-module', seed: s.id })
    .use(imageResource.routes(s))
    .use(experimentResource.routes(s))
    .use(experimentStepResource.routes(s))
    .use(experimentUserResource.routes(s))
    .use(labHostResource.routes(s))
    .use(terminalRoutes(s))
    .use(webLabRoutes(s))
