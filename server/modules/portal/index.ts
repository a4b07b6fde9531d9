import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { portalContentRoutes } from './content.ts'
import { portalCourseRoutes } from './course.ts'
import { signUpRoutes } from './sign-up.ts'

/** The learner portal's calls (spec §7 "Portal calls"): nop-wbp open to guests, nep-wbp mostly for signed-in learners. */
export const portalModule = (s: Services) =>
  new Elysia({ name: 'portal-module', seed: s.id })
    .use(portalCourseRoutes(s))
    .use(portalContentRoutes(s))
    .use(signUpRoutes(s))
