import { Type } from '@sinclair/typebox'
import { and, desc, eq } from 'drizzle-orm'
import { contains } from '../../lib/like.ts'
import { experiment, labImage } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { first } from '../../lib/rows.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { resetLab } from './engine/containers.ts'
import { downloadFile, uploadFile } from './engine/files.ts'
import { filesOf } from '../resource/files.ts'
import { fileOfTenant } from '../../lib/file-refs.ts'
import { text } from '../../lib/request-schema.ts'
import type { Actions } from '../../lib/resource-actions.ts'
import type { PublicView, Row } from '../../lib/resource-types.ts'
import { routeServices } from './route-services.ts'

const PORTAL = 'what the school publishes on its portal, to every visitor'

/**
 * The portal's experiment pages, a view of the experiment resource: what a visitor may see of a published
 * experiment (no env, no code folder), newest first; the detail adds its environment's kind and a signed link to
 * its demo video.
 */
export const experimentViews: PublicView[] = [
  {
    path: '/api/nop-wbp/experiment',
    why: PORTAL,
    fields: ['id', 'title', 'cover', 'wareName', 'videoWareName', 'durationMinutes', 'createTime', 'imagesName'],
    // The title is matched on its trimmed text, as the portal's search box has always sent it.
    where: (_ctx, q) => {
      const title = typeof q.title === 'string' ? q.title.trim() : ''
      return and(eq(experiment.status, 1), title ? contains(experiment.title, title) : undefined)
    },
    query: { list: { title: text('contains') } },
    orderBy: (cols) => [desc(cols.id!)],
    rows: (ctx, rows, route, services) => (route === 'detail' ? withEnvironment(ctx, rows, services) : rows),
  },
]

/** A detail's environment kind (terminal or web, and its experiment type) and its demo video's signed link. */
async function withEnvironment(ctx: Ctx, rows: Row[], services: Services) {
  const [row] = rows
  const image = row?.imagesName
    ? await first(
        ctx.db
          .select({ service: labImage.service, experimentType: labImage.experimentType })
          .from(labImage)
          .where(eq(labImage.id, String(row.imagesName))),
      )
    : undefined
  // The demo video is a private courseware file: the page plays it through an expiring signed link,
  // minted only for a file of the experiment's own school (an older row may name anything).
  const video = await fileOfTenant(ctx.db, ctx.actor.tenantId, row?.videoWareName)
  const videoUrl = video ? filesOf(services).sign(video.link) : null
  return rows.map((r) => ({
    ...r,
    service: image?.service ?? null,
    experimentType: image?.experimentType ?? null,
    videoUrl,
  }))
}

const LEARNER = '/api/nep-wbp/experiment'

/**
 * The learner's reset, download and upload, declared on the experiment resource at their contract paths: the caller's own lab
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
  // One file out of the workspace, as a download (the action answers the file itself, not an envelope).
  getContainerFile: {
    method: 'GET',
    path: `${LEARNER}/getContainerFile`,
    button: SIGNED_IN,
    body: { experimentId: text('experiment'), path: text('file in the workspace') },
    run: async (ctx, { query, services }) => {
      const file = await downloadFile(routeServices(services).labs, ctx, query.experimentId, query.path)
      return new Response(new Uint8Array(file.body), {
        headers: {
          'content-type': 'application/octet-stream',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        },
      })
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
