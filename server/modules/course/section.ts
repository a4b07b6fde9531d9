import {
  sectionDownloadFields,
  sectionFields,
  sectionQuestionFields,
  sectionWareFields,
} from '../../../db/fields/course.ts'
import { and, asc, inArray } from 'drizzle-orm'
import {
  courseSection,
  courseWare,
  download,
  sectionDownload,
  sectionQuestion,
  sectionWare,
} from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { defineResource } from '../../lib/resource.ts'
import type { Fields } from '../../../db/fields/types.ts'
import { courseResource } from './course.ts'
import './messages.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { text } from '../../lib/request-schema.ts'
import { chapterProgress } from './overview.ts'

/** Why a section's linked materials are read in the whole school: a colleague's upload still belongs to the course. */
const MATERIALS = "a section's materials are its school's, whoever uploaded them"

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
  // The sections dialog's reads: a course's sections, and a section's linked downloads, questions and courseware,
  // in order with their link ids. The contract files the link reads under the linked entities' services; the
  // section (id) is found in the caller's scope first, so another school's section is a 404.
  actions: {
    getCourseSection: {
      method: 'GET',
      button: 'content:course',
      body: { id: text('the course') },
      run: async (ctx, { body }): Promise<(typeof courseSection.$inferSelect)[]> => {
        const c = await courseResource.ops.detail(ctx, body.id as string | undefined)
        return sectionResource.ops.all(ctx, { courseId: c.id })
      },
    },
    // One chapter with its learners' progress (/wel/viewChapter); its course must be the caller's too.
    progress: {
      method: 'GET',
      button: 'content:course',
      target: { one: 'id' },
      verb: 'detail',
      run: async (ctx, { rows: [section] }) =>
        chapterProgress(ctx, section, await courseResource.ops.detail(ctx, section.courseId)),
    },
    getDownLoadBySectionId: {
      method: 'GET',
      path: '/api/hm-download/download/getDownLoadBySectionId',
      button: 'content:course',
      target: { one: 'id' },
      verb: 'detail',
      run: async (ctx, { rows: [section] }) =>
        linkedRows(await linked(ctx, sectionDownloadResource, 'downloadId', section.id), (ids) =>
          ctx.db
            .select()
            .from(download)
            .where(and(inArray(download.id, ids), tenantRows(download, ctx.actor.tenantId, { why: MATERIALS }))),
        ),
    },
    getQuestionId: {
      method: 'GET',
      path: '/api/hm-question/question/getQuestionId',
      button: 'content:course',
      target: { one: 'id' },
      verb: 'detail',
      run: async (ctx, { rows: [section] }) =>
        (await linked(ctx, sectionQuestionResource, 'questionId', section.id)).map((l) => ({
          questionId: l.id,
          linkId: l.linkId,
        })),
    },
    getCourseWareId: {
      method: 'GET',
      path: '/api/hm-courseWare/courseWare/getCourseWareId',
      button: 'content:course',
      target: { one: 'id' },
      verb: 'detail',
      run: async (ctx, { rows: [section] }) =>
        linkedRows(await linked(ctx, sectionWareResource, 'wareId', section.id), (ids) =>
          ctx.db
            .select()
            .from(courseWare)
            .where(and(inArray(courseWare.id, ids), tenantRows(courseWare, ctx.actor.tenantId, { why: MATERIALS }))),
        ),
    },
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

/** The linked ids of a section (already found in the caller's scope), in link order. */
async function linked(
  ctx: Ctx,
  res: typeof sectionWareResource | typeof sectionDownloadResource | typeof sectionQuestionResource,
  col: string,
  sectionId: string,
) {
  const rows = (await res.ops.all(ctx, { sectionId })) as Record<string, unknown>[]
  return rows.map((r) => ({ linkId: r.id as string, id: r[col] as string }))
}

/** The rows the links name, each with its link id, in link order (a row no longer there drops out). */
async function linkedRows<R extends { id: string }>(
  links: { linkId: string; id: string }[],
  read: (ids: string[]) => Promise<R[]>,
): Promise<(R & { linkId: string })[]> {
  const rows = links.length ? await read(links.map((l) => l.id)) : []
  return links.flatMap((l) => {
    const row = rows.find((r) => r.id === l.id)
    return row ? [{ ...row, linkId: l.linkId }] : []
  })
}
