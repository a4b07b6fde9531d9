import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { cardResource } from './card.ts'
import { courseResource } from './course.ts'
import { courseUserResource } from './enrolment.ts'
import { evaluateResource } from './evaluate.ts'
import { sectionDownloadResource, sectionQuestionResource, sectionResource, sectionWareResource } from './section.ts'
import { courseSeriesResource, seriesResource } from './series.ts'
import { stepResource, wareResource } from './ware.ts'
import './transcode.ts'

/**
 * Course administration: courses and camps, sections and their links, enrolment, courseware and steps, cards,
 * ratings, series. Every route is a declaration of these resources but the cards' CSV export (card.ts).
 */
export const courseModule = (s: Services) =>
  new Elysia({ name: 'course-module', seed: s.id })
    .use(courseResource.routes(s))
    .use(sectionResource.routes(s))
    .use(sectionDownloadResource.routes(s))
    .use(sectionQuestionResource.routes(s))
    .use(sectionWareResource.routes(s))
    .use(courseUserResource.routes(s))
    .use(wareResource.routes(s))
    .use(stepResource.routes(s))
    .use(cardResource.routes(s))
    .use(evaluateResource.routes(s))
    .use(seriesResource.routes(s))
    .use(courseSeriesResource.routes(s))
