import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { cardRoutes } from './card.ts'
import { courseRoutes } from './course.ts'
import { enrolmentRoutes } from './enrolment.ts'
import { evaluateRoutes } from './evaluate.ts'
import { sectionRoutes } from './section.ts'
import { seriesRoutes } from './series.ts'
import { wareRoutes } from './ware.ts'
import './transcode.ts'

/** Course administration: courses and camps, sections and their links, enrolment, courseware and steps, cards, ratings, series. */
export const courseModule = (s: Services) =>
  new Elysia({ name: 'course-module', seed: s.id })
    .use(courseRoutes(s))
    .use(sectionRoutes(s))
    .use(enrolmentRoutes(s))
    .use(wareRoutes(s))
    .use(cardRoutes(s))
    .use(evaluateRoutes(s))
    .use(seriesRoutes(s))
