import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { experimentRoutes } from './experiment.ts'
import { experimentUserRoutes } from './experiment-user.ts'
import { imageRoutes } from './images.ts'
import { portalLabRoutes } from './portal.ts'
import { terminalRoutes } from './terminal.ts'
import { userContainerRoutes } from './user-container.ts'
import { webLabRoutes } from './web.ts'
import { experimentStepRoutes } from './experiment-step.ts'

/** Labs: environments, experiments, steps, enrolment, the learner's container, its terminal, web app and files. */
export const labModule = (s: Services) =>
  new Elysia({ name: 'lab-module', seed: s.id })
    .use(imageRoutes(s))
    .use(experimentRoutes(s))
    .use(experimentStepRoutes(s))
    .use(experimentUserRoutes(s))
    .use(userContainerRoutes(s))
    .use(portalLabRoutes(s))
    .use(terminalRoutes(s))
    .use(webLabRoutes(s))
