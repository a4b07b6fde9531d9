import {
  sectionDownloadFields,
  sectionFields,
  sectionQuestionFields,
  sectionWareFields,
} from '../../../db/fields/course.ts'
import { Elysia } from 'elysia'
import { and, asc, inArray } from 'drizzle-orm'
import {
  courseSection,
  courseWare,
  download,
  sectionDownload,
  sectionQuestion,
  sectionWare,
} from '../../../db/schema/index.ts'
import { authContext } from '../../lib/auth-context.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { defineResource } from '../../lib/resource.ts'
import type { Fields } from '../../../db/fields/types.ts'
import { courseResource } from './course.ts'
import './messages.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { query as queryOf, text } from '../../lib/request-schema.ts'

/** Sections of a course; writing one needs the right to edit its course. */
export const sectionResource = defineResource({
  table: courseSection,
  path: '/api/hm-courseSection/courseSection',
  code: 'content:course',
  perms: { add: 'content:course:edit', edit: 'content:course:edit', remove: 'content:course:edit' },
  filters: ['courseId'],
  search: ['title'],
  fields: sectionFields,
  orderBy: (c) => [asc(c.sort), asc(c.id)],
  beforeWrite: async (ctx, w) => {
    if (w.op === 'insert') await courseResource.ops.detail(ctx, w.values.courseId as string)
  },
})

/** The three link tables (section → download / question / courseware), declared alike. */
const linkResource = <T extends typeof sectionDownload | typeof sectionQuestion | typeof sectionWare>(
  table: T,
  entity: string,
  target: string,
  fields: Fields,
) =>
  defineResource({
    table,
    path: `/api/hm-${entity}/${entity}`,
    code: 'content:course',
    perms: { add: 'content:course:edit', edit: 'content:course:edit', remove: 'content:course:edit' },
    filters: ['sectionId', target],
    fields,
    orderBy: (c) => [asc(c.sort), asc(c.id)],
    beforeWrite: async (ctx, w) => {
      if (w.op === 'insert') await sectionResource.ops.detail(ctx, w.values.sectionId as string)
    },
  })
export const sectionDownloadResource = linkResource(
  sectionDownload,
  'courseSectionDownload',
  'downloadId',
  sectionDownloadFields,
)
export const sectionQuestionResource = linkResource(
  sectionQuestion,
  'courseSectionQuestion',
  'questionId',
  sectionQuestionFields,
)
export const sectionWareResource = linkResource(sectionWare, 'courseSectionWare', 'wareId', sectionWareFields)

/** The linked ids of a section, in link order. */
async function linked(
  ctx: Ctx,
  res: typeof sectionWareResource | typeof sectionDownloadResource | typeof sectionQuestionResource,
  col: string,
  sectionId: string | undefined,
) {
  await sectionResource.ops.detail(ctx, sectionId)
  const rows = (await res.ops.all(ctx, { sectionId })) as Record<string, unknown>[]
  return rows.map((r) => ({ linkId: r.id as string, id: r[col] as string }))
}

export const sectionRoutes = (s: Services) =>
  handWritten(
    "a course's sections and linked downloads, questions and courseware in order: link tables read through the course",
    sectionRoutesPlugin(s),
  )

const sectionRoutesPlugin = (s: Services) =>
  new Elysia()
    .use(sectionResource.routes(s))
    .use(sectionDownloadResource.routes(s))
    .use(sectionQuestionResource.routes(s))
    .use(sectionWareResource.routes(s))
    .use(
      new Elysia()
        .use(authContext(s))
        // A course's sections in order (id = the course).
        .get(
          '/api/hm-courseSection/courseSection/getCourseSection',
          async ({ ctx, query }) => {
            await courseResource.ops.detail(ctx, query.id)
            return ok(ctx, await sectionResource.ops.all(ctx, { courseId: query.id }))
          },
          { perm: 'content:course', query: queryOf({ id: text('id') }) },
        )
        .get(
          '/api/hm-download/download/getDownLoadBySectionId',
          async ({ ctx, query }) => {
            const links = await linked(ctx, sectionDownloadResource, 'downloadId', query.id)
            const rows = links.length
              ? await ctx.db
                  .select()
                  .from(download)
                  .where(
                    and(
                      inArray(
                        download.id,
                        links.map((l) => l.id),
                      ),
                      notDeleted(download),
                    ),
                  )
              : []
            return ok(
              ctx,
              links.map((l) => ({ ...rows.find((r) => r.id === l.id), linkId: l.linkId })).filter((r) => r.id),
            )
          },
          { perm: 'content:course', query: queryOf({ id: text('id') }) },
        )
        .get(
          '/api/hm-question/question/getQuestionId',
          async ({ ctx, query }) =>
            ok(
              ctx,
              (await linked(ctx, sectionQuestionResource, 'questionId', query.id)).map((l) => ({
                questionId: l.id,
                linkId: l.linkId,
              })),
            ),
          { perm: 'content:course', query: queryOf({ id: text('id') }) },
        )
        .get(
          '/api/hm-courseWare/courseWare/getCourseWareId',
          async ({ ctx, query }) => {
            const links = await linked(ctx, sectionWareResource, 'wareId', query.id)
            const rows = links.length
              ? await ctx.db
                  .select()
                  .from(courseWare)
                  .where(
                    and(
                      inArray(
                        courseWare.id,
                        links.map((l) => l.id),
                      ),
                      notDeleted(courseWare),
                    ),
                  )
              : []
            return ok(
              ctx,
              links.map((l) => ({ ...rows.find((r) => r.id === l.id), linkId: l.linkId })).filter((r) => r.id),
            )
          },
          { perm: 'content:course', query: queryOf({ id: text('id') }) },
        ),
    )
