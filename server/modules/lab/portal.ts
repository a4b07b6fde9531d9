import { Elysia, t } from 'elysia'
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

export const portalLabRoutes = (s: Services) =>
  handWritten(
    "the portal's experiment pages, and a learner's lab reset and workspace files through the engine's archive API",
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
      new Elysia({ prefix: '/api/nep-wbp/experiment' })
        .use(authContext(s))
        .get(
          '/resetExperiment',
          async ({ ctx, query }) => ok(ctx, await resetLab(s.labs, ctx, query.experimentId, s.config.dataDir)),
          { perm: SIGNED_IN, query: queryOf({ experimentId: text('experiment') }) },
        )
        .get(
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
        )
        .post(
          '/uploadContainerFile',
          async ({ ctx, body, query }) =>
            ok(
              ctx,
              await uploadFile(
                s.labs,
                ctx,
                body.experimentId ?? query.experimentId,
                body.file,
                body.path ?? query.path,
              ),
            ),
          {
            perm: SIGNED_IN,
            body: t.Object({ file: t.Any(), experimentId: t.Optional(t.String()), path: t.Optional(t.String()) }),
          },
        ),
    )
}
