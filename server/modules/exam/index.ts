import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { competitionResource } from './competition.ts'
import { examGroupResource } from './exam-group.ts'
import { examPortalRoutes } from './exam-portal.ts'
import { paperResource } from './paper.ts'
import { paperTimeResource } from './paper-time.ts'
import { practiceResource } from './practice.ts'
import { questionRoutes } from './question-routes.ts'
import { teamResource } from './team.ts'

/** Question bank, papers, exams, groups, teams (back office) and taking exams (portal). */
export const examModule = (s: Services) =>
  new Elysia()
    .use(questionRoutes(s))
    .use(paperResource.routes(s))
    .use(paperTimeResource.routes(s))
    .use(examGroupResource.routes(s))
    .use(teamResource.routes(s))
    .use(examPortalRoutes(s))
    .use(practiceResource.routes(s))
    .use(competitionResource.routes(s))
