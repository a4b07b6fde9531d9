import { Elysia, t } from 'elysia'
import { and, eq, inArray } from 'drizzle-orm'
import { otaFields } from '../../../db/fields/iot.ts'
import { attach, device, product, productOta } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { looseBody } from '../../lib/resource-actions.ts'
import { defineResource } from '../../lib/resource.ts'
import { first } from '../../lib/rows.ts'
import { filesOf } from '../resource/files.ts'
import {
  cancelRollout,
  downloadAllowed,
  pauseRollout,
  resumeRollout,
  retryTask,
  startRollout,
  type FirmFile,
} from './ota-rollout.ts'
import { otaTaskRows } from './ota-live.ts'
import { otaTopic } from './topics.ts'
import './messages.ts'
import { productResource } from './product.ts'
import { deviceResource } from './device.ts'
import { scope } from '../../lib/scope.ts'
import { params as paramsOf, query as queryOf, text } from '../../lib/request-schema.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'
import { handWritten } from '../../lib/hand-written.ts'

const MAX_FILES = otaFields.firmFile.upload.max
/** Phases in which a release may still be edited: once devices were told, what they were told stays as it was. */
const EDITABLE = new Set(['draft'])

/** The links of a comma-joined firmFile value. */
const linksOf = (v: string | null | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** The stored firmware files behind the links (their SHA-256 is computed when the rollout starts). */
async function firmwareFiles(ctx: Ctx, links: string[]): Promise<FirmFile[]> {
  const out: FirmFile[] = []
  for (const link of links) {
    const key = link.replace(/^\/upload\//, '').replace(/\?.*$/, '')
    const row = await first(
      ctx.db
        .select()
        .from(attach)
        .where(
          and(
            eq(attach.name, key),
            await scope(attach, ctx, {
              dataScope: false,
              why: 'a firmware file any colleague uploaded may be rolled out',
            }),

            eq(attach.kind, 'firmware'),
          ),
        ),
    )
    if (!row) throw badRequest('iot.ota.file', {}, 'firmFile')
    out.push({
      attachId: row.id,
      key: row.name,
      link: row.link,
      name: row.originalName ?? row.name,
      size: row.attachSize,
      sha256: '',
    })
  }
  return out
}

/** The app's services an OTA verb needs (the broker); the CLI passes its own. */
function app(a: { services?: Services }): Services {
  if (!a.services) throw new Error('an OTA rollout verb needs the app services (call it with { services })')
  return a.services
}

export const productOtaResource = defineResource({
  table: productOta,
  path: '/api/blade-productOta/productOta',
  code: 'iot:ota',
  search: ['firmVersion'],
  filters: ['productId', 'status', 'phase'],
  fields: otaFields,
  // The rollout's verbs (POST ?id=): each changes the release's phase and tells its devices through the broker.
  actions: {
    start: {
      button: 'rollout',
      target: { one: 'id' },
      verb: 'detail',
      run: (ctx, a) => startRollout(app(a), ctx, a.rows[0]),
    },
    pause: {
      button: 'pause',
      target: { one: 'id' },
      verb: 'detail',
      run: (ctx, a) => pauseRollout(app(a), ctx, a.rows[0]),
    },
    resume: {
      button: 'pause',
      target: { one: 'id' },
      verb: 'detail',
      run: (ctx, a) => resumeRollout(app(a), ctx, a.rows[0]),
    },
    cancel: {
      button: 'cancel',
      target: { one: 'id' },
      verb: 'detail',
      run: (ctx, a) => cancelRollout(app(a), ctx, a.rows[0]),
    },
    // The rollout dialog's first picture (its changes then arrive on `topic` over the broker, ota-live.ts).
    progress: {
      method: 'GET',
      button: 'iot:ota',
      target: { one: 'id' },
      verb: 'detail',
      run: (ctx, { rows: [ota] }) => progressOf(ctx, ota),
    },
    retry: {
      button: 'retry',
      target: { one: 'id' },
      verb: 'detail',
      body: looseBody('deviceId'),
      run: (ctx, a) => retryTask(app(a), ctx, a.rows[0], idOf(a.body.deviceId, 'deviceId')),
    },
  },
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') {
      // A release devices are installing cannot vanish under them: cancel it first.
      if (w.before.some((r) => r.phase === 'grey' || r.phase === 'all' || r.phase === 'paused'))
        throw badRequest('iot.ota.running', {}, 'ids')
      return
    }
    // The rollout's state is the server's: phases change only through start/pause/resume/cancel.
    delete w.values.phase
    delete w.values.pausedPhase
    delete w.values.firmFiles
    const before = w.before[0]
    if (before && !EDITABLE.has(before.phase)) throw badRequest('iot.ota.locked', {}, 'id')
    const productId = w.values.productId ?? before?.productId
    if (
      !productId ||
      !(await first(
        ctx.db
          .select({ id: product.id })
          .from(product)
          .where(and(await productResource.scope(ctx), eq(product.id, productId))),
      ))
    )
      throw badRequest('iot.ota.product', {}, 'productId')
    if (w.values.status !== undefined && w.values.status !== 1 && w.values.status !== 2)
      throw badRequest('iot.ota.type', {}, 'status')
    if (w.values.devices !== undefined && w.values.devices !== null) {
      const ids = linksOf(w.values.devices)
      if (ids.some((id) => !/^\d{1,20}$/.test(id))) throw badRequest('iot.ota.devices', {}, 'devices')
      const mine = ids.length
        ? await ctx.db
            .select({ id: device.id })
            .from(device)
            .where(and(await deviceResource.scope(ctx), eq(device.productId, productId), inArray(device.id, ids)))
        : []
      if (mine.length !== new Set(ids).size) throw badRequest('iot.ota.devices', {}, 'devices')
      w.values.devices = [...new Set(ids)].join(',')
    }
    if (w.values.firmFile !== undefined) {
      const links = linksOf(w.values.firmFile)
      if (!links.length) throw badRequest('iot.ota.fileMissing', {}, 'firmFile')
      if (links.length > MAX_FILES) throw badRequest('iot.ota.fileCount', {}, 'firmFile')
      w.values.firmFile = links.join(',')
      w.values.firmFiles = JSON.stringify(await firmwareFiles(ctx, links))
    }
  },
})

/** A release, its devices' progress, and the topic its changes are pushed on (ota-live.ts). */
async function progressOf(ctx: Ctx, ota: typeof productOta.$inferSelect) {
  const tasks = await otaTaskRows(ctx.db, ota.id, ota.tenantId)
  const counts: Record<string, number> = {}
  for (const t of tasks) counts[t.state] = (counts[t.state] ?? 0) + 1
  return { ota, counts, tasks, topic: otaTopic(ota.tenantId, ota.id) }
}

const idOf = (v: unknown, field = 'id') => {
  if (typeof v !== 'string' || !/^\d{1,20}$/.test(v)) throw badRequest('validation.id', { field }, field)
  return v
}

export const otaRoutes = (s: Services) =>
  new Elysia()
    .use(productOtaResource.routes(s))
    .use(
      handWritten(
        "a device's firmware download: a file's byte stream, through a link signed for its task",
        firmware(s),
      ),
    )

// The device's download: a link signed for one task (one device of one release), refused once the task is cancelled.
const firmware = (s: Services) =>
  new Elysia().use(authContext(s)).get(
    '/api/blade-productOta/productOta/firmware/:task',
    async ({ params, query, set }) => {
      const task = await downloadAllowed(s, params.task, query.expires, query.sign)
      if (!task) throw new ApiError(403, 'iot.ota.link')
      const ota = await first(
        s.db.select({ firmFiles: productOta.firmFiles }).from(productOta).where(eq(productOta.id, task.otaId)),
      )
      const file = (JSON.parse(ota?.firmFiles ?? '[]') as FirmFile[])[Number(query.file ?? 0)]
      const row =
        file &&
        (await first(
          s.db
            .select()
            .from(attach)
            .where(and(eq(attach.id, file.attachId), notDeleted(attach))),
        ))
      if (!row) throw new ApiError(404, 'iot.ota.gone')
      set.headers['content-type'] = 'application/octet-stream'
      set.headers['content-length'] = String(row.attachSize)
      set.headers['content-disposition'] = `attachment; filename="${encodeURIComponent(file.name)}"`
      set.headers['x-checksum-sha256'] = file.sha256
      return (await filesOf(s).adapterOf(row)).body(row.name)
    },
    {
      perm: 'public',
      params: paramsOf({ task: t.String({ description: 'the OTA task' }) }),
      query: queryOf({ expires: text('link expiry'), sign: text('link signature'), file: text('file index (0)') }),
    },
  )
