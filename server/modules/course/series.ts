import { courseSeriesFields, seriesFields } from '../../../db/fields/course.ts'
import { asc, eq, inArray } from 'drizzle-orm'
import { course, courseSeries, series } from '../../../db/schema/index.ts'
import { defineResource } from '../../lib/resource.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'
import { checkImages, courseResource } from './course.ts'
import { text } from '../../lib/request-schema.ts'
import './messages.ts'

/** Course series (status: listing_status, 1 listed). */
export const seriesResource = defineResource({
  table: series,
  path: '/api/blade-series/series',
  code: 'content:series',
  search: ['title'],
  filters: ['status'],
  fields: seriesFields,
  beforeWrite: (_ctx, w) => {
    if (w.op === 'remove') return
    checkImages(w.values.cover, 1)
    for (const f of ['intro', 'content'] as const)
      if (typeof w.values[f] === 'string') w.values[f] = sanitizeRichText('seriesIntro', w.values[f] as string)
  },
})

export const courseSeriesResource = defineResource({
  table: courseSeries,
  path: '/api/blade-courseSeries/courseSeries',
  code: 'content:series',
  perms: { add: 'content:series:edit', edit: 'content:series:edit', remove: 'content:series:edit' },
  filters: ['seriesId', 'courseId'],
  fields: courseSeriesFields,
  orderBy: (c) => [asc(c.sort), asc(c.id)],
  beforeWrite: async (ctx, w) => {
    if (w.op !== 'insert') return
    await seriesResource.ops.detail(ctx, w.values.seriesId as string)
    await courseResource.ops.detail(ctx, w.values.courseId as string)
  },
  actions: {
    // The courses of a series, in order, each with its link id (id or seriesId = the series, in the caller's scope).
    getCourseSeries: {
      method: 'GET',
      button: 'content:series',
      body: { id: text('the series'), seriesId: text('the series') },
      run: async (ctx, { body }) => {
        const sr = await seriesResource.ops.detail(ctx, (body.id ?? body.seriesId) as string | undefined)
        const links: (typeof courseSeries.$inferSelect)[] = await courseSeriesResource.ops.all(
          ctx,
          {},
          eq(courseSeries.seriesId, sr.id),
        )
        const rows = links.length
          ? await ctx.db
              .select({ id: course.id, title: course.title, cover: course.cover, type: course.type })
              .from(course)
              .where(
                inArray(
                  course.id,
                  links.map((l) => l.courseId),
                ),
              )
          : []
        return links
          .map((l) => ({ linkId: l.id, sort: l.sort, ...rows.find((r) => r.id === l.courseId) }))
          .filter((r) => r.id)
      },
    },
  },
})
