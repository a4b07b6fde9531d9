import type { Client } from 'aedes'
import { and, asc, count, eq, inArray, lt, notInArray } from 'drizzle-orm'
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { attach, device, deviceLog, otaTask, product, productOta } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { formatDateTime, now } from '../../lib/time.ts'
import { filesOf } from '../resource/files.ts'
import { identityOf } from './broker-guard.ts'
import { otaChanged } from './ota-live.ts'
import type { Presence } from './presence.ts'
import { deviceRoot } from './topics.ts'
import { deviceResource } from './device.ts'
import { tenantRows, notDeleted } from '../../lib/tenant-rows.ts'
import cron from 'node-cron'
import { onceAcrossProcesses } from '../../lib/schedules.ts'

/*
 * Guarded firmware rollouts (hawkBit's model, kept in two tables).
 *
 * A release (blade_product_ota) of upgrade type 2 "grey" starts with a first
 * cohort: the chosen devices, or greyPercent of the product's devices. When
 * successThreshold percent of that cohort has succeeded the release advances
 * to every other device of the product; when failures in the running cohort
 * pass errorThreshold percent it stops itself — evaluated on the very report
 * that crossed the line, so no further device is told. Type 1 "full" goes to
 * every device at once under the same error guard.
 *
 * Devices are told in waves of WAVE at a time (the appliance serves every
 * download itself), online devices only; a device that comes online later is
 * told then. Each task carries its own signed download link. A device that
 * stays silent longer than ATRIUM_OTA_TASK_TIMEOUT counts as failed.
 */

export type FirmFile = { attachId: string; key: string; link: string; name: string; size: number; sha256: string }
type Ota = typeof productOta.$inferSelect

/** Devices downloading at once per release. */
const WAVE = 20
const LINK_TTL = 24 * 3600
const ACTIVE = ['notified', 'downloading', 'verifying']
const TERMINAL = ['success', 'failed', 'cancelled']
const RUNNING = ['grey', 'all']

const linkKey = (s: Services) => createHmac('sha256', s.jwtSecret).update('atrium-ota-links').digest()
const signTask = (s: Services, taskId: string, expires: number) =>
  createHmac('sha256', linkKey(s)).update(`${taskId}\n${expires}`).digest('base64url')

/** The task behind a signed download link, or null when the link is forged, expired, or its task cancelled. */
export function downloadAllowed(s: Services, taskId: string, expires: unknown, sign: unknown) {
  if (
    typeof expires !== 'string' ||
    typeof sign !== 'string' ||
    !/^\d{1,12}$/.test(expires) ||
    Number(expires) < Date.now() / 1000
  )
    return null
  const want = Buffer.from(signTask(s, taskId, Number(expires)), 'base64url')
  const got = Buffer.from(sign, 'base64url')
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null
  const task = s.db.select().from(otaTask).where(eq(otaTask.id, taskId)).get()
  return task && task.state !== 'cancelled' ? task : null
}

const files = (ota: Pick<Ota, 'firmFiles'>): FirmFile[] => JSON.parse(ota.firmFiles ?? '[]')

function logOta(s: Services, task: { tenantId: string; deviceId: string }, productId: string, content: object) {
  s.db
    .insert(deviceLog)
    .values({
      id: newId(),
      tenantId: task.tenantId,
      deviceId: task.deviceId,
      productId,
      type: 'ota',
      content: JSON.stringify(content),
      createTime: now(),
      status: 1,
      isDeleted: 0,
    })
    .run()
}

/** Tells the next online devices of a running release, up to WAVE downloading at once. */
export function notifyNext(s: Services, otaId: string) {
  const ota = s.db.select().from(productOta).where(eq(productOta.id, otaId)).get()
  if (!ota || !RUNNING.includes(ota.phase) || !s.mqtt) return 0
  const active = s.db
    .select({ n: count() })
    .from(otaTask)
    .where(and(eq(otaTask.otaId, otaId), inArray(otaTask.state, ACTIVE)))
    .get()!.n
  if (active >= WAVE) return 0
  const prod = s.db.select({ productKey: product.productKey }).from(product).where(eq(product.id, ota.productId)).get()
  const next = s.db
    .select({ id: otaTask.id, sn: device.sn })
    .from(otaTask)
    .innerJoin(device, eq(device.id, otaTask.deviceId))
    .where(and(eq(otaTask.otaId, otaId), eq(otaTask.state, 'pending'), eq(device.status, 1), notDeleted(device)))
    .orderBy(asc(otaTask.id))
    .limit(WAVE - active)
    .all()
  const list = files(ota)
  const expires = Math.floor(Date.now() / 1000) + LINK_TTL
  for (const t of next) {
    const url = (i: number) =>
      `${s.config.publicUrl}/api/blade-productOta/productOta/firmware/${t.id}?expires=${expires}&sign=${signTask(s, t.id, expires)}${i ? `&file=${i}` : ''}`
    s.db
      .update(otaTask)
      .set({ state: 'notified', progress: 0, error: null, updateTime: now() })
      .where(eq(otaTask.id, t.id))
      .run()
    const message = {
      otaId,
      version: ota.firmVersion,
      url: url(0),
      sha256: list[0]?.sha256,
      size: list[0]?.size,
      name: list[0]?.name,
      files: list.map((f, i) => ({ name: f.name, url: url(i), sha256: f.sha256, size: f.size })),
    }
    s.mqtt
      .publish(`${deviceRoot(prod!.productKey!, t.sn)}/ota`, message, { qos: 1 })
      .catch((err) => s.log.warn({ err, otaId }, 'OTA notification not published'))
  }
  if (next.length) otaChanged(s, otaId)
  return next.length
}

/** Applies the guards to a release after a device finished: stop on too many failures, advance a grey cohort that succeeded, finish when all are done. */
export function evaluate(s: Services, otaId: string): string {
  const ota = s.db.select().from(productOta).where(eq(productOta.id, otaId)).get()
  if (!ota) return 'gone'
  const running = ota.phase === 'paused' ? ota.pausedPhase : ota.phase
  if (!running || !RUNNING.includes(running)) return ota.phase
  const tally = (cohort?: string) => {
    const rows = s.db
      .select({ state: otaTask.state, n: count() })
      .from(otaTask)
      .where(
        and(
          eq(otaTask.otaId, otaId),
          cohort ? eq(otaTask.cohort, cohort) : undefined,
          notInArray(otaTask.state, ['cancelled']),
        ),
      )
      .groupBy(otaTask.state)
      .all()
    const by = Object.fromEntries(rows.map((r) => [r.state, r.n])) as Record<string, number>
    const total = rows.reduce((a, r) => a + r.n, 0)
    return {
      total,
      success: by.success ?? 0,
      failed: by.failed ?? 0,
      open: total - (by.success ?? 0) - (by.failed ?? 0),
    }
  }
  const t = tally(running === 'grey' ? 'grey' : undefined)
  const set = (values: Partial<Ota>) => {
    s.db
      .update(productOta)
      .set({ ...values, updateTime: now() })
      .where(eq(productOta.id, otaId))
      .run()
    otaChanged(s, otaId)
  }
  if (t.total && (t.failed * 100) / t.total > ota.errorThreshold) {
    set({ phase: 'stopped', pausedPhase: running })
    s.log.warn(
      { otaId, failed: t.failed, total: t.total },
      'OTA rollout stopped itself: failures passed the error threshold',
    )
    return 'stopped'
  }
  if (ota.phase === 'paused') return 'paused'
  if (running === 'grey' && t.total && (t.success * 100) / t.total >= ota.successThreshold) {
    // Advance: every other device of the product joins as the "all" cohort.
    s.db.transaction((tx) => {
      const have = new Set(
        tx
          .select({ d: otaTask.deviceId })
          .from(otaTask)
          .where(eq(otaTask.otaId, otaId))
          .all()
          .map((r) => r.d),
      )
      const rest = tx
        .select({ id: device.id })
        .from(device)
        .where(
          and(
            tenantRows(device, ota.tenantId, {
              why: 'a rollout advanced by its job reaches every device of the product',
            }),
            eq(device.productId, ota.productId),
          ),
        )

        .all()
        .filter((d) => !have.has(d.id))
      for (const d of rest)
        tx.insert(otaTask)
          .values({
            id: newId(),
            tenantId: ota.tenantId,
            otaId,
            deviceId: d.id,
            cohort: 'all',
            state: 'pending',
            updateTime: now(),
          })
          .run()
      tx.update(productOta).set({ phase: 'all', updateTime: now() }).where(eq(productOta.id, otaId)).run()
    })
    otaChanged(s, otaId)
    s.log.info({ otaId }, 'OTA grey cohort met its success threshold: advancing to all devices')
    notifyNext(s, otaId)
    return evaluate(s, otaId)
  }
  if (running === 'all' && t.open === 0) {
    set({ phase: 'done' })
    return 'done'
  }
  notifyNext(s, otaId)
  return running
}

/** Starts a draft release: creates its tasks (grey cohort or all devices), hashes its files, tells the first wave. */
export async function startRollout(s: Services, ctx: Ctx, ota: Ota) {
  if (ota.phase !== 'draft') throw badRequest('iot.ota.notDraft', {}, 'id')
  const devices = await ctx.db
    .select({ id: device.id })
    .from(device)
    .where(and(await deviceResource.scope(ctx), eq(device.productId, ota.productId)))
    .orderBy(asc(device.id))
  if (!devices.length) throw badRequest('iot.ota.noDevices', {}, 'productId')
  const list = files(ota)
  if (!list.length) throw badRequest('iot.ota.fileMissing', {}, 'firmFile')
  for (const f of list) {
    const row = s.db.select().from(attach).where(eq(attach.id, f.attachId)).get()
    if (!row || row.isDeleted) throw badRequest('iot.ota.file', {}, 'firmFile')
    const hash = createHash('sha256')
    const reader = new Response(await (await filesOf(s).adapterOf(row)).body(row.name)).body!.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      hash.update(value)
    }
    f.sha256 = hash.digest('hex')
  }
  let cohort: string[]
  const grey = ota.status === 2
  if (grey) {
    const chosen = (ota.devices ?? '').split(',').filter(Boolean)
    if (chosen.length) cohort = devices.map((d) => d.id).filter((id) => chosen.includes(id))
    else {
      // A random greyPercent of the product's devices (at least one).
      const shuffled = [...devices].sort(() => Math.random() - 0.5)
      cohort = shuffled.slice(0, Math.max(1, Math.ceil((devices.length * ota.greyPercent) / 100))).map((d) => d.id)
    }
    if (!cohort.length) throw badRequest('iot.ota.devices', {}, 'devices')
  } else cohort = devices.map((d) => d.id)
  const stamp = now()
  ctx.db.transaction((tx) => {
    for (const deviceId of cohort)
      tx.insert(otaTask)
        .values({
          id: newId(),
          tenantId: ota.tenantId,
          otaId: ota.id,
          deviceId,
          cohort: grey ? 'grey' : 'all',
          state: 'pending',
          updateTime: stamp,
        })
        .run()
    tx.update(productOta)
      .set({
        phase: grey ? 'grey' : 'all',
        firmFiles: JSON.stringify(list),
        updateUser: ctx.actor.userId,
        updateTime: stamp,
      })
      .where(eq(productOta.id, ota.id))
      .run()
  })
  otaChanged(s, ota.id)
  const told = notifyNext(s, ota.id)
  return { phase: grey ? 'grey' : 'all', devices: cohort.length, notified: told }
}

export async function pauseRollout(s: Services, ctx: Ctx, ota: Ota) {
  if (!RUNNING.includes(ota.phase)) throw badRequest('iot.ota.notRunning', {}, 'id')
  ctx.db
    .update(productOta)
    .set({ phase: 'paused', pausedPhase: ota.phase, updateUser: ctx.actor.userId, updateTime: now() })
    .where(eq(productOta.id, ota.id))
    .run()
  otaChanged(s, ota.id)
  return { phase: 'paused' }
}

/** Resumes a paused release, or a stopped one once its failed devices were retried (the guard is applied again at once). */
export async function resumeRollout(s: Services, ctx: Ctx, ota: Ota) {
  if ((ota.phase !== 'paused' && ota.phase !== 'stopped') || !ota.pausedPhase)
    throw badRequest('iot.ota.notPaused', {}, 'id')
  ctx.db
    .update(productOta)
    .set({ phase: ota.pausedPhase, pausedPhase: null, updateUser: ctx.actor.userId, updateTime: now() })
    .where(eq(productOta.id, ota.id))
    .run()
  otaChanged(s, ota.id)
  return { phase: evaluate(s, ota.id) }
}

/** Cancels a release: devices not done are told to drop it, their download links stop working. */
export async function cancelRollout(s: Services, ctx: Ctx, ota: Ota) {
  if (ota.phase === 'cancelled' || ota.phase === 'done') throw badRequest('iot.ota.notRunning', {}, 'id')
  const open = ctx.db
    .select({ id: otaTask.id, state: otaTask.state, sn: device.sn })
    .from(otaTask)
    .innerJoin(device, eq(device.id, otaTask.deviceId))
    .where(and(eq(otaTask.otaId, ota.id), notInArray(otaTask.state, TERMINAL)))
    .all()
  ctx.db.transaction((tx) => {
    tx.update(otaTask)
      .set({ state: 'cancelled', updateTime: now() })
      .where(and(eq(otaTask.otaId, ota.id), notInArray(otaTask.state, TERMINAL)))
      .run()
    tx.update(productOta)
      .set({ phase: 'cancelled', updateUser: ctx.actor.userId, updateTime: now() })
      .where(eq(productOta.id, ota.id))
      .run()
  })
  otaChanged(s, ota.id)
  const prod = ctx.db
    .select({ productKey: product.productKey })
    .from(product)
    .where(eq(product.id, ota.productId))
    .get()
  for (const t of open.filter((t) => ACTIVE.includes(t.state)))
    s.mqtt
      ?.publish(`${deviceRoot(prod!.productKey!, t.sn)}/ota`, { otaId: ota.id, cancel: true }, { qos: 1 })
      .catch(() => {})
  return { phase: 'cancelled', cancelled: open.length }
}

/** A failed device gets another go: back to pending, told again as soon as the release runs and it is online. */
export async function retryTask(s: Services, ctx: Ctx, ota: Ota, deviceId: string) {
  if (ota.phase === 'cancelled' || ota.phase === 'draft') throw badRequest('iot.ota.notRunning', {}, 'id')
  const task = ctx.db
    .select()
    .from(otaTask)
    .where(and(eq(otaTask.otaId, ota.id), eq(otaTask.deviceId, deviceId)))
    .get()
  if (!task || task.state !== 'failed') throw badRequest('iot.ota.notFailed', {}, 'deviceId')
  ctx.db
    .update(otaTask)
    .set({ state: 'pending', progress: 0, error: null, attempts: task.attempts + 1, updateTime: now() })
    .where(eq(otaTask.id, task.id))
    .run()
  // A finished release runs again for the retried device.
  if (ota.phase === 'done')
    ctx.db.update(productOta).set({ phase: 'all', updateTime: now() }).where(eq(productOta.id, ota.id)).run()
  otaChanged(s, ota.id)
  notifyNext(s, ota.id)
  return {
    deviceId,
    state: s.db.select({ state: otaTask.state }).from(otaTask).where(eq(otaTask.id, task.id)).get()!.state,
  }
}

/**
 * The broker side: devices' ota/progress reports {otaId, state, progress, error?, version?}; devices coming
 * online get their pending upgrade; silent tasks time out. Returns a stop function.
 */
export function startOta(s: Services, presence: Presence) {
  presence.on('ota/progress', (dev, _channel, payload) => {
    let msg: { otaId?: unknown; state?: unknown; progress?: unknown; error?: unknown; version?: unknown }
    try {
      msg = JSON.parse(payload.toString('utf8'))
    } catch {
      return
    }
    if (
      typeof msg.otaId !== 'string' ||
      typeof msg.state !== 'string' ||
      !['downloading', 'verifying', 'success', 'failed'].includes(msg.state)
    )
      return
    const task = s.db
      .select()
      .from(otaTask)
      .where(and(eq(otaTask.otaId, msg.otaId), eq(otaTask.deviceId, dev.deviceId)))
      .get()
    if (!task || TERMINAL.includes(task.state) || task.state === 'pending') return
    const progress = msg.state === 'success' ? 100 : Math.max(0, Math.min(100, Math.round(Number(msg.progress) || 0)))
    const error = msg.state === 'failed' ? String(msg.error ?? 'failed').slice(0, 500) : null
    s.db
      .update(otaTask)
      .set({ state: msg.state, progress, error, updateTime: now() })
      .where(eq(otaTask.id, task.id))
      .run()
    otaChanged(s, task.otaId)
    if (!TERMINAL.includes(msg.state)) return
    const ota = s.db
      .select({ firmVersion: productOta.firmVersion, productId: productOta.productId })
      .from(productOta)
      .where(eq(productOta.id, task.otaId))
      .get()!
    if (msg.state === 'success')
      s.db
        .update(device)
        .set({ firmVersion: typeof msg.version === 'string' ? msg.version.slice(0, 32) : ota.firmVersion })
        .where(eq(device.id, dev.deviceId))
        .run()
    logOta(s, task, ota.productId, {
      otaId: task.otaId,
      version: ota.firmVersion,
      state: msg.state,
      ...(error ? { error } : {}),
    })
    evaluate(s, task.otaId)
  })

  const onReady = (client: Client) => {
    const id = identityOf(client)
    if (id?.kind !== 'device' || client.closed) return
    const waiting = s.db
      .select({ otaId: otaTask.otaId })
      .from(otaTask)
      .innerJoin(productOta, eq(productOta.id, otaTask.otaId))
      .where(and(eq(otaTask.deviceId, id.deviceId), eq(otaTask.state, 'pending'), inArray(productOta.phase, RUNNING)))
      .all()
    // After the presence handler marked it online (same event, registered earlier).
    for (const w of waiting) setImmediate(() => notifyNext(s, w.otaId))
  }
  s.mqtt?.aedes.on('clientReady', onReady)

  const sweep = () => {
    const cutoff = formatDateTime(new Date(Date.now() - s.config.otaTaskTimeout * 1000))
    const stale = s.db
      .update(otaTask)
      .set({ state: 'failed', error: 'timeout', updateTime: now() })
      .where(and(inArray(otaTask.state, ACTIVE), lt(otaTask.updateTime, cutoff)))
      .returning({ otaId: otaTask.otaId })
      .all()
    for (const otaId of new Set(stale.map((r) => r.otaId))) {
      otaChanged(s, otaId)
      evaluate(s, otaId)
    }
    // Releases started elsewhere (the CLI has no broker) or interrupted by a restart: tell whoever is waiting and online.
    const waiting = s.db
      .selectDistinct({ otaId: otaTask.otaId })
      .from(otaTask)
      .innerJoin(productOta, eq(productOta.id, otaTask.otaId))
      .where(and(eq(otaTask.state, 'pending'), inArray(productOta.phase, RUNNING)))
      .all()
    for (const w of waiting) notifyNext(s, w.otaId)
  }
  // One process sweeps each 5-second slot (issue #27): the timeouts are conditional updates, but the nudges are not.
  const timer = cron.schedule('*/5 * * * * *', sweep, onceAcrossProcesses(s.db, 'iot.ota-sweep'))
  return () => {
    void timer.stop()
    s.mqtt?.aedes.off('clientReady', onReady)
  }
}
