import type { Client } from 'aedes'
import { and, asc, count, eq, inArray, lt, notInArray, sql } from 'drizzle-orm'
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { attach, device, deviceLog, otaTask, product, productOta } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { changed, first } from '../../lib/rows.ts'
import { lockRows } from '../../lib/row-lock.ts'
import { withTransaction } from '../../lib/transaction.ts'
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
export async function downloadAllowed(s: Services, taskId: string, expires: unknown, sign: unknown) {
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
  const task = await first(s.db.select().from(otaTask).where(eq(otaTask.id, taskId)))
  return task && task.state !== 'cancelled' ? task : null
}

const files = (ota: Pick<Ota, 'firmFiles'>): FirmFile[] => JSON.parse(ota.firmFiles ?? '[]')

async function logOta(s: Services, task: { tenantId: string; deviceId: string }, productId: string, content: object) {
  await s.db.insert(deviceLog).values({
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
}

/**
 * Tells the next online devices of a running release, up to WAVE downloading at once. Each task is taken from
 * pending by a conditional update, so two processes (or a report and the sweep) telling the same release never
 * tell a device twice; the messages go out once the wave is committed.
 */
export async function notifyNext(s: Services, otaId: string) {
  const mqtt = s.mqtt
  if (!mqtt) return 0
  const wave = await withTransaction(s.db, async (tx) => {
    // The release's row first: two waves of one release (two processes, a report beside the sweep) count its
    // downloading devices one after the other, so no more than WAVE are told at once.
    await lockRows(tx, productOta, eq(productOta.id, otaId))
    const ota = await first(tx.select().from(productOta).where(eq(productOta.id, otaId)))
    if (!ota || !RUNNING.includes(ota.phase)) return null
    const active =
      (
        await first(
          tx
            .select({ n: count() })
            .from(otaTask)
            .where(and(eq(otaTask.otaId, otaId), inArray(otaTask.state, ACTIVE))),
        )
      )?.n ?? 0
    if (active >= WAVE) return null
    const prod = await first(
      tx.select({ productKey: product.productKey }).from(product).where(eq(product.id, ota.productId)),
    )
    const next = await tx
      .select({ id: otaTask.id, sn: device.sn })
      .from(otaTask)
      .innerJoin(device, eq(device.id, otaTask.deviceId))
      .where(and(eq(otaTask.otaId, otaId), eq(otaTask.state, 'pending'), eq(device.status, 1), notDeleted(device)))
      .orderBy(asc(otaTask.id))
      .limit(WAVE - active)
    const taken: typeof next = []
    for (const t of next) {
      const r = await tx
        .update(otaTask)
        .set({ state: 'notified', progress: 0, error: null, updateTime: now() })
        .where(and(eq(otaTask.id, t.id), eq(otaTask.state, 'pending')))
      if (changed(r) === 1) taken.push(t)
    }
    return { ota, productKey: prod!.productKey!, taken }
  })
  if (!wave) return 0
  const { ota, productKey, taken } = wave
  const list = files(ota)
  const expires = Math.floor(Date.now() / 1000) + LINK_TTL
  for (const t of taken) {
    const url = (i: number) =>
      `${s.config.publicUrl}/api/blade-productOta/productOta/firmware/${t.id}?expires=${expires}&sign=${signTask(s, t.id, expires)}${i ? `&file=${i}` : ''}`
    const message = {
      otaId,
      version: ota.firmVersion,
      url: url(0),
      sha256: list[0]?.sha256,
      size: list[0]?.size,
      name: list[0]?.name,
      files: list.map((f, i) => ({ name: f.name, url: url(i), sha256: f.sha256, size: f.size })),
    }
    mqtt
      .publish(`${deviceRoot(productKey, t.sn)}/ota`, message, { qos: 1 })
      .catch((err) => s.log.warn({ err, otaId }, 'OTA notification not published'))
  }
  if (taken.length) otaChanged(s, otaId)
  return taken.length
}

/**
 * Applies the guards to a release after a device finished: stop on too many failures, advance a grey cohort that
 * succeeded, finish when all are done. Each phase change is conditional on the phase this evaluation read; one that
 * another evaluation (another report, another process) changed meanwhile is evaluated again as it now is.
 */
export async function evaluate(s: Services, otaId: string): Promise<string> {
  const ota = await first(s.db.select().from(productOta).where(eq(productOta.id, otaId)))
  if (!ota) return 'gone'
  const running = ota.phase === 'paused' ? ota.pausedPhase : ota.phase
  if (!running || !RUNNING.includes(running)) return ota.phase
  const tally = async (cohort?: string) => {
    const rows = await s.db
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
    const by = Object.fromEntries(rows.map((r) => [r.state, r.n])) as Record<string, number>
    const total = rows.reduce((a, r) => a + r.n, 0)
    return {
      total,
      success: by.success ?? 0,
      failed: by.failed ?? 0,
      open: total - (by.success ?? 0) - (by.failed ?? 0),
    }
  }
  const t = await tally(running === 'grey' ? 'grey' : undefined)
  /** Moves the release on from the phase read above; false when it had moved already. */
  const set = async (values: Partial<Ota>) => {
    const r = await s.db
      .update(productOta)
      .set({ ...values, updateTime: now() })
      .where(and(eq(productOta.id, otaId), eq(productOta.phase, ota.phase)))
    if (changed(r) !== 1) return false
    otaChanged(s, otaId)
    return true
  }
  if (t.total && (t.failed * 100) / t.total > ota.errorThreshold) {
    if (!(await set({ phase: 'stopped', pausedPhase: running }))) return evaluate(s, otaId)
    s.log.warn(
      { otaId, failed: t.failed, total: t.total },
      'OTA rollout stopped itself: failures passed the error threshold',
    )
    return 'stopped'
  }
  if (ota.phase === 'paused') return 'paused'
  if (running === 'grey' && t.total && (t.success * 100) / t.total >= ota.successThreshold) {
    // Advance: every other device of the product joins as the "all" cohort — by the one evaluation whose phase
    // change from grey took effect.
    const advanced = await withTransaction(s.db, async (tx) => {
      const r = await tx
        .update(productOta)
        .set({ phase: 'all', updateTime: now() })
        .where(and(eq(productOta.id, otaId), eq(productOta.phase, 'grey')))
      if (changed(r) !== 1) return false
      const have = new Set(
        (await tx.select({ d: otaTask.deviceId }).from(otaTask).where(eq(otaTask.otaId, otaId))).map((r) => r.d),
      )
      const rest = (
        await tx
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
      ).filter((d) => !have.has(d.id))
      for (const d of rest)
        await tx.insert(otaTask).values({
          id: newId(),
          tenantId: ota.tenantId,
          otaId,
          deviceId: d.id,
          cohort: 'all',
          state: 'pending',
          updateTime: now(),
        })
      return true
    })
    if (!advanced) return evaluate(s, otaId)
    otaChanged(s, otaId)
    s.log.info({ otaId }, 'OTA grey cohort met its success threshold: advancing to all devices')
    await notifyNext(s, otaId)
    return evaluate(s, otaId)
  }
  if (running === 'all' && t.open === 0) {
    if (!(await set({ phase: 'done' }))) return evaluate(s, otaId)
    return 'done'
  }
  await notifyNext(s, otaId)
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
    const row = await first(s.db.select().from(attach).where(eq(attach.id, f.attachId)))
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
  await withTransaction(ctx.db, async (tx) => {
    // Still a draft (the files were being hashed meanwhile): a second start of the same release changes nothing.
    const r = await tx
      .update(productOta)
      .set({
        phase: grey ? 'grey' : 'all',
        firmFiles: JSON.stringify(list),
        updateUser: ctx.actor.userId,
        updateTime: stamp,
      })
      .where(and(eq(productOta.id, ota.id), eq(productOta.phase, 'draft')))
    if (changed(r) !== 1) throw badRequest('iot.ota.notDraft', {}, 'id')
    for (const deviceId of cohort)
      await tx.insert(otaTask).values({
        id: newId(),
        tenantId: ota.tenantId,
        otaId: ota.id,
        deviceId,
        cohort: grey ? 'grey' : 'all',
        state: 'pending',
        updateTime: stamp,
      })
  })
  otaChanged(s, ota.id)
  const told = await notifyNext(s, ota.id)
  return { phase: grey ? 'grey' : 'all', devices: cohort.length, notified: told }
}

export async function pauseRollout(s: Services, ctx: Ctx, ota: Ota) {
  if (!RUNNING.includes(ota.phase)) throw badRequest('iot.ota.notRunning', {}, 'id')
  const r = await ctx.db
    .update(productOta)
    .set({ phase: 'paused', pausedPhase: ota.phase, updateUser: ctx.actor.userId, updateTime: now() })
    .where(and(eq(productOta.id, ota.id), eq(productOta.phase, ota.phase)))
  if (changed(r) !== 1) throw badRequest('iot.ota.notRunning', {}, 'id')
  otaChanged(s, ota.id)
  return { phase: 'paused' }
}

/** Resumes a paused release, or a stopped one once its failed devices were retried (the guard is applied again at once). */
export async function resumeRollout(s: Services, ctx: Ctx, ota: Ota) {
  if ((ota.phase !== 'paused' && ota.phase !== 'stopped') || !ota.pausedPhase)
    throw badRequest('iot.ota.notPaused', {}, 'id')
  const r = await ctx.db
    .update(productOta)
    .set({ phase: ota.pausedPhase, pausedPhase: null, updateUser: ctx.actor.userId, updateTime: now() })
    .where(and(eq(productOta.id, ota.id), eq(productOta.phase, ota.phase), eq(productOta.pausedPhase, ota.pausedPhase)))
  if (changed(r) !== 1) throw badRequest('iot.ota.notPaused', {}, 'id')
  otaChanged(s, ota.id)
  return { phase: await evaluate(s, ota.id) }
}

/** Cancels a release: devices not done are told to drop it, their download links stop working. */
export async function cancelRollout(s: Services, ctx: Ctx, ota: Ota) {
  if (ota.phase === 'cancelled' || ota.phase === 'done') throw badRequest('iot.ota.notRunning', {}, 'id')
  const { pending, told } = await withTransaction(ctx.db, async (tx) => {
    const r = await tx
      .update(productOta)
      .set({ phase: 'cancelled', updateUser: ctx.actor.userId, updateTime: now() })
      .where(and(eq(productOta.id, ota.id), notInArray(productOta.phase, ['cancelled', 'done'])))
    if (changed(r) !== 1) throw badRequest('iot.ota.notRunning', {}, 'id')
    // Pending tasks first: none of them can be told any more (telling takes a task from pending). Then the ones
    // devices were told of, including any told meanwhile: those devices get the cancel.
    const pending = await tx
      .update(otaTask)
      .set({ state: 'cancelled', updateTime: now() })
      .where(and(eq(otaTask.otaId, ota.id), eq(otaTask.state, 'pending')))
      .returning({ id: otaTask.id })
    const told = await tx
      .update(otaTask)
      .set({ state: 'cancelled', updateTime: now() })
      .where(and(eq(otaTask.otaId, ota.id), inArray(otaTask.state, ACTIVE)))
      .returning({ deviceId: otaTask.deviceId })
    return { pending: pending.length, told }
  })
  otaChanged(s, ota.id)
  if (told.length) {
    const prod = await first(
      ctx.db.select({ productKey: product.productKey }).from(product).where(eq(product.id, ota.productId)),
    )
    const devices = await ctx.db
      .select({ sn: device.sn })
      .from(device)
      .where(
        inArray(
          device.id,
          told.map((t) => t.deviceId),
        ),
      )
    for (const d of devices)
      s.mqtt
        ?.publish(`${deviceRoot(prod!.productKey!, d.sn)}/ota`, { otaId: ota.id, cancel: true }, { qos: 1 })
        .catch(() => {})
  }
  return { phase: 'cancelled', cancelled: pending + told.length }
}

/** A failed device gets another go: back to pending, told again as soon as the release runs and it is online. */
export async function retryTask(s: Services, ctx: Ctx, ota: Ota, deviceId: string) {
  if (ota.phase === 'cancelled' || ota.phase === 'draft') throw badRequest('iot.ota.notRunning', {}, 'id')
  // Only a task still failed goes back (a second retry of the same failure changes nothing).
  const task = await first(
    ctx.db
      .update(otaTask)
      .set({
        state: 'pending',
        progress: 0,
        error: null,
        attempts: sql`${otaTask.attempts} + 1`,
        updateTime: now(),
      })
      .where(and(eq(otaTask.otaId, ota.id), eq(otaTask.deviceId, deviceId), eq(otaTask.state, 'failed')))
      .returning({ id: otaTask.id }),
  )
  if (!task) throw badRequest('iot.ota.notFailed', {}, 'deviceId')
  // A finished release runs again for the retried device.
  if (ota.phase === 'done')
    await ctx.db
      .update(productOta)
      .set({ phase: 'all', updateTime: now() })
      .where(and(eq(productOta.id, ota.id), eq(productOta.phase, 'done')))
  otaChanged(s, ota.id)
  await notifyNext(s, ota.id)
  return {
    deviceId,
    state: (await first(s.db.select({ state: otaTask.state }).from(otaTask).where(eq(otaTask.id, task.id))))!.state,
  }
}

/** A device's report on ota/progress: its task moves on only from a state that expects a report. */
async function onProgress(s: Services, dev: { deviceId: string }, payload: Buffer) {
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
  const progress = msg.state === 'success' ? 100 : Math.max(0, Math.min(100, Math.round(Number(msg.progress) || 0)))
  const error = msg.state === 'failed' ? String(msg.error ?? 'failed').slice(0, 500) : null
  // Not from pending (never told) nor a finished task: a late or repeated report changes nothing.
  const task = await first(
    s.db
      .update(otaTask)
      .set({ state: msg.state, progress, error, updateTime: now() })
      .where(and(eq(otaTask.otaId, msg.otaId), eq(otaTask.deviceId, dev.deviceId), inArray(otaTask.state, ACTIVE)))
      .returning({ otaId: otaTask.otaId, tenantId: otaTask.tenantId, deviceId: otaTask.deviceId }),
  )
  if (!task) return
  otaChanged(s, task.otaId)
  if (!TERMINAL.includes(msg.state)) return
  const ota = (await first(
    s.db
      .select({ firmVersion: productOta.firmVersion, productId: productOta.productId })
      .from(productOta)
      .where(eq(productOta.id, task.otaId)),
  ))!
  if (msg.state === 'success')
    await s.db
      .update(device)
      .set({ firmVersion: typeof msg.version === 'string' ? msg.version.slice(0, 32) : ota.firmVersion })
      .where(eq(device.id, dev.deviceId))
  await logOta(s, task, ota.productId, {
    otaId: task.otaId,
    version: ota.firmVersion,
    state: msg.state,
    ...(error ? { error } : {}),
  })
  await evaluate(s, task.otaId)
}

/**
 * The broker side: devices' ota/progress reports {otaId, state, progress, error?, version?}; devices coming
 * online get their pending upgrade; silent tasks time out. Returns a stop function.
 */
export function startOta(s: Services, presence: Presence) {
  presence.on('ota/progress', (dev, _channel, payload) => onProgress(s, dev, payload))

  const tellWaiting = async (client: Client, deviceId: string) => {
    // Once presence has marked it online: a wave tells online devices only.
    await presence.recorded(client)
    const waiting = await s.db
      .select({ otaId: otaTask.otaId })
      .from(otaTask)
      .innerJoin(productOta, eq(productOta.id, otaTask.otaId))
      .where(and(eq(otaTask.deviceId, deviceId), eq(otaTask.state, 'pending'), inArray(productOta.phase, RUNNING)))
    for (const w of waiting) await notifyNext(s, w.otaId)
  }
  const onReady = (client: Client) => {
    const id = identityOf(client)
    if (id?.kind !== 'device' || client.closed) return
    void tellWaiting(client, id.deviceId).catch((err: unknown) =>
      s.log.warn({ err, deviceId: id.deviceId }, 'OTA upgrades waiting for a device not told'),
    )
  }
  s.mqtt?.aedes.on('clientReady', onReady)

  const sweep = async () => {
    const cutoff = formatDateTime(new Date(Date.now() - s.config.otaTaskTimeout * 1000))
    const stale = await s.db
      .update(otaTask)
      .set({ state: 'failed', error: 'timeout', updateTime: now() })
      .where(and(inArray(otaTask.state, ACTIVE), lt(otaTask.updateTime, cutoff)))
      .returning({ otaId: otaTask.otaId })
    for (const otaId of new Set(stale.map((r) => r.otaId))) {
      otaChanged(s, otaId)
      await evaluate(s, otaId)
    }
    // Releases started elsewhere (the CLI has no broker) or interrupted by a restart: tell whoever is waiting and online.
    const waiting = await s.db
      .selectDistinct({ otaId: otaTask.otaId })
      .from(otaTask)
      .innerJoin(productOta, eq(productOta.id, otaTask.otaId))
      .where(and(eq(otaTask.state, 'pending'), inArray(productOta.phase, RUNNING)))
    for (const w of waiting) await notifyNext(s, w.otaId)
  }
  // One process sweeps each 5-second slot (issue #27); its timeouts and nudges are conditional updates, so two
  // sweeps overlapping would only repeat work.
  const timer = cron.schedule('*/5 * * * * *', sweep, onceAcrossProcesses(s.db, 'iot.ota-sweep'))
  return () => {
    void timer.stop()
    s.mqtt?.aedes.off('clientReady', onReady)
  }
}
