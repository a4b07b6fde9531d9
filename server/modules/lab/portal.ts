import { Type } from '@sinclair/typebox'
import { Elysia } from 'elysia'
import { and, desc, eq, getTableColumns } from 'drizzle-orm'
import { contains } from '../../lib/like.ts'
import { pageRows } from '../../lib/page-query.ts'
import { experiment, labImage } from '../../../db/schema/index.ts'
import { authContext } from '../../lib/auth-context.ts'
import type { Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { isId } from '../../lib/ids.ts'
import { PUBLIC, SIGNED_IN } from '../../lib/permissions.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { resetLab } from './engine/containers.ts'
import { downloadFile, uploadFile } from './engine/files.ts'
import { filesOf } from '../resource/files.ts'
import { publicRows } from '../../lib/tenant-rows.ts'
import { fileOfTenant } from '../../lib/file-refs.ts'
import { query as queryOf, text } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'
import type { Actions } from '../../lib/resource-actions.ts'
import { routeServices } from './route-services.ts'

const PORTAL = 'what the school publishes on its portal, to every visitor'

/** What a visitor may see of an experiment (no env, no code folder). */
const publicCols = {
  id: experiment.id,
  title: experiment.title,
  cover: experiment.cover,
  wareName: experiment.wareName,
  videoWareName: experiment.videoWareName,
  durationMinutes: experiment.durationMinutes,
  createTime: experiment.createTime,
  imagesName: experiment.imagesName,
}

const SHOWN = Object.keys(publicCols) as (keyof typeof publicCols)[]
/** The columns a list never reads (pageQuery leaves them out of its SELECT). */
const HIDDEN = Object.keys(getTableColumns(experiment)).filter((k) => !(k in publicCols))
const LIST_ORDER = [desc(experiment.id)]

const LEARNER = '/api/nep-wbp/experiment'

/**
 * The learner's reset and upload, declared on the experiment resource at their contract paths: the caller's own lab
 * of an experiment of their school (experimentOf, liveRow), reached through the Docker engine.
 */
export const learnerLabActions = {
  resetExperiment: {
    method: 'GET',
    path: `${LEARNER}/resetExperiment`,
    button: SIGNED_IN,
    body: { experimentId: text('experiment') },
    run: (ctx, { query, services }) => {
      const s = routeServices(services)
      return resetLab(s.labs, ctx, query.experimentId, s.config.dataDir)
    },
  },
  // A multipart form (the file, and where it goes); uploadFile answers a missing file or a bad folder naming it.
  uploadContainerFile: {
    path: `${LEARNER}/uploadContainerFile`,
    button: SIGNED_IN,
    body: {
      file: Type.Optional(Type.Unknown({ description: 'the file (multipart)' })),
      experimentId: text('experiment'),
      path: text('folder in the workspace'),
    },
    run: (ctx, { body, services }) =>
      uploadFile(routeServices(services).labs, ctx, body.experimentId, body.file, body.path),
  },
} satisfies Actions<typeof experiment>

export const portalLabRoutes = (s: Services) =>
  handWritten(
    "the portal's experiment pages, and a workspace file streamed out of the learner's lab through the engine's archive API",
    portalLabRoutesPlugin(s),
  )

const portalLabRoutesPlugin = (s: Services) => {
  const files = filesOf(s)
  return new Elysia()
    .use(
      new Elysia({ prefix: '/api/nop-wbp/experiment' })
        .use(authContext(s))
        .get(
          '/list',
          async ({ ctx, query }) => {
            const { current, size, offset } = parsePaging(query)
            const text = typeof query.title === 'string' ? query.title.trim() : ''
            const title = text ? contains(experiment.title, text) : undefined
            const where = and(
              publicRows(experiment, ctx.actor.tenantId, { why: PORTAL }),
              eq(experiment.status, 1),
              title,
            )
            const { rows, total } = pageRows(
              ctx.db,
              { table: experiment, where, orderBy: LIST_ORDER, keyDesc: experiment.id, omit: HIDDEN },
              size,
              offset,
            )
            // The visitor's fields in publicCols' order, as the list has always answered them.
            const shown = rows.map((r) => Object.fromEntries(SHOWN.map((k) => [k, r[k]])))
            return ok(ctx, pageOf(shown, total, current, size))
          },
          {
            perm: PUBLIC,
            query: queryOf({
              current: text('page, from 1'),
              size: text('rows a page (default 10, at most 200)'),
              title: text('contains'),
            }),
          },
        )
        .get(
          '/detail',
          async ({ ctx, query }) => {
            if (!isId(query.id)) throw badRequest('validation.id', { field: 'id' }, 'id')
            const row = await ctx.db
              .select({ ...publicCols, service: labImage.service, experimentType: labImage.experimentType })
              .from(experiment)
              .leftJoin(labImage, eq(labImage.id, experiment.imagesName))
              .where(
                and(
                  eq(experiment.id, query.id),
                  publicRows(experiment, ctx.actor.tenantId, { why: PORTAL }),
                  eq(experiment.status, 1),
                ),
              )
              .get()
            if (!row) throw notFound()
            // The demo video is a private courseware file: the page plays it through an expiring signed link,
            // minted only for a file of the experiment's own school (an older row may name anything).
            const video = await fileOfTenant(ctx.db, ctx.actor.tenantId, row.videoWareName)
            const videoUrl = video ? files.sign(video.link) : null
            return ok(ctx, { ...row, videoUrl })
          },
          { perm: PUBLIC, query: queryOf({ id: text('experiment') }) },
        ),
    )
    .use(
      new Elysia({ prefix: '/api/nep-wbp/experiment' }).use(authContext(s)).get(
        '/getContainerFile',
        async ({ ctx, query }) => {
          const file = await downloadFile(s.labs, ctx, query.experimentId, query.path)
          return new Response(new Uint8Array(file.body), {
            headers: {
              'content-type': 'application/octet-stream',
              'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
            },
          })
        },
        {
          perm: SIGNED_IN,
          query: queryOf({ experimentId: text('experiment'), path: text('file in the workspace') }),
        },
      ),
    )
}
