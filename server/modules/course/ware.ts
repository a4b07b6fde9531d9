import { wareFields, wareStepFields } from '../../../db/fields/course.ts'
import { and, asc, eq } from 'drizzle-orm'
import { attach, courseWare, wareStep } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { enqueue, latestJob } from '../../lib/jobs.ts'
import { defineResource } from '../../lib/resource.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'
import { TRANSCODE } from './transcode.ts'
import './messages.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'
import { text } from '../../lib/request-schema.ts'

/** Courseware types (spec §3): 1 document, 2 video, 3 Markdown, 4 experiment steps. */
export const WARE = { document: 1, video: 2, markdown: 3, steps: 4 } as const

/** A stored file must be the tenant's own upload of an allowed kind (a link to another tenant's private file is refused). */
export async function assertOwnFile(ctx: Ctx, link: unknown, field: string, kinds: string[]) {
  if (typeof link !== 'string' || !link) return null
  const key = link.replace(/^\/upload\//, '').replace(/\?.*$/, '')
  const [row] = await ctx.db
    .select()
    .from(attach)
    .where(and(eq(attach.name, key), notDeleted(attach)))
    .limit(1)
  if (!row || row.tenantId !== ctx.actor.tenantId || !kinds.includes(row.kind))
    throw badRequest('ware.fileKind', { field }, field)
  return row
}

/**
 * Courseware. A video upload (type 2) is queued for transcoding in the same
 * transaction that stores it: transcodingStatus 2 waiting, then the job sets 1
 * or 0. Markdown bodies are kept as written (rendered safely by the client);
 * documents and videos are private courseware files.
 */
export const wareResource = defineResource({
  table: courseWare,
  path: '/api/hm-courseWare/courseWare',
  code: 'content:ware',
  search: ['title'],
  filters: ['type', 'screen', 'transcodingStatus'],
  fields: wareFields,
  hidden: ['token', 'skey'],
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    const v = w.values
    const type = v.type ?? w.before[0]?.type
    const screen = v.screen ?? w.before[0]?.screen
    if (screen !== undefined && screen !== 1 && screen !== 2)
      throw badRequest('ware.screen', { field: 'screen' }, 'screen')
    if (type !== undefined && ![1, 2, 3, 4].includes(type)) throw badRequest('ware.type', { field: 'type' }, 'type')
    const file = v.fileAddress !== undefined ? v.fileAddress : w.before[0]?.fileAddress
    if ((type === WARE.document || type === WARE.video) && !file)
      throw badRequest('ware.file', { field: 'fileAddress' }, 'fileAddress')
    if (v.fileAddress) await assertOwnFile(ctx, v.fileAddress, 'fileAddress', ['courseware'])
    // Derived columns are the server's: a client cannot claim a video is transcoded.
    delete v.playAddress
    delete v.isTranscoding
    delete v.transcodingStatus
    delete v.playTime
    delete v.saveKey
    const changedFile = v.fileAddress !== undefined && v.fileAddress !== w.before[0]?.fileAddress
    if (
      type === WARE.video &&
      (w.op === 'insert' || changedFile || (v.type !== undefined && w.before[0]?.type !== WARE.video))
    ) {
      Object.assign(v, { isTranscoding: 1, transcodingStatus: 2, playAddress: null, playTime: null })
    } else if (type !== WARE.video && v.type !== undefined) {
      Object.assign(v, { isTranscoding: 0, transcodingStatus: null, playAddress: null })
    }
  },
  afterWrite: async (ctx, w, tx) => {
    if (w.op === 'remove' || w.values.transcodingStatus !== 2) return
    const id = (w.values.id ?? w.before[0]?.id) as string
    await enqueue(
      tx,
      TRANSCODE,
      { wareId: id, file: (w.values.fileAddress ?? w.before[0]?.fileAddress) as string },
      { tenantId: ctx.actor.tenantId, ref: id, maxAttempts: 3 },
    )
  },
  actions: {
    // Transcode progress for the back office: the percent of the courseware's latest job on the queue, and its state.
    'transcode-progress': {
      method: 'GET',
      button: 'content:ware',
      target: { one: 'id' },
      verb: 'detail',
      run: async (ctx, { rows: [w] }) => {
        const job = await latestJob(ctx.db, TRANSCODE, w.id)
        return {
          id: w.id,
          transcodingStatus: w.transcodingStatus,
          progress: job?.progress ?? 0,
          state: job?.state ?? null,
          error: job?.state === 'failed' ? job.lastError : null,
        }
      },
    },
  },
})

/** Experiment steps of a courseware (type 4), in order; bodies are rich text. */
export const stepResource = defineResource({
  table: wareStep,
  path: '/api/hm-wareStep/wareStep',
  code: 'content:ware',
  filters: ['wareId'],
  fields: wareStepFields,
  orderBy: (c) => [asc(c.sort), asc(c.id)],
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    if (w.op === 'insert') await wareResource.ops.detail(ctx, w.values.wareId as string)
    if (typeof w.values.content === 'string') w.values.content = sanitizeRichText('coursewareText', w.values.content)
  },
  actions: {
    // Steps of a courseware, in order (id or wareId = the courseware, found in the caller's scope).
    getWareStep: {
      method: 'GET',
      button: 'content:ware',
      body: { id: text('the courseware'), wareId: text('the courseware') },
      run: async (ctx, { body }): Promise<(typeof wareStep.$inferSelect)[]> => {
        const w = await wareResource.ops.detail(ctx, (body.id ?? body.wareId) as string | undefined)
        return stepResource.ops.all(ctx, {}, eq(wareStep.wareId, w.id))
      },
    },
  },
})
