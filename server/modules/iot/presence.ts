import { and, eq, gte, inArray, ne, notInArray, sql } from 'drizzle-orm'
import { appProcess, device, deviceConnection, deviceLog } from '../../../db/schema/index.ts'
import type { BrokerService } from '../../broker.ts'
import type { Services } from '../../lib/context.ts'
import { newId } from '../../lib/ids.ts'
import { processIdentity } from '../../lib/processes.ts'
import { changed, runSql } from '../../lib/rows.ts'
import { formatDateTime, now } from '../../lib/time.ts'
import { identityOf } from './broker-guard.ts'
import { logRow, startDeviceLogWriter, type LogType } from './device-log-writer.ts'
import { deviceChannel, deviceStatusTopic, deviceTelemetryTopic } from './topics.ts'

/** Beyond this many rows waiting to be written new telemetry is dropped (and counted) so a flood cannot grow memory. */
const MAX_PENDING_LOGS = 20_000
const FLUSH_MS = 200
/** Readings per device forwarded to watching browsers per flush. */
const FORWARD_READINGS = 20

/** What a device log row is gathered as between flushes: its time as epoch ms, formatted at the flush (once per second of rows). */
type LogRow = { owner: DeviceIdentity; type: LogType; content: string; at: number; createTime?: string }
type Reading = { time: string; data: unknown }
type DeviceIdentity = { kind: 'device'; tenantId: string; deviceId: string; productId: string }
export type UpHandler = (id: DeviceIdentity, channel: string, payload: Buffer) => void | Promise<void>

/**
 * Device presence and what devices send: online/offline from connect,
 * disconnect, last will and keep-alive expiry (aedes closes a silent client
 * after 1.5× its keep-alive, which preConnect bounded by the product's
 * keepAliveTime). Presence is per connection and process (issue #27): each
 * live device connection is a blade_device_connection row naming this
 * process; a device is online while any row holds it. A process clears its
 * own rows when a connection ends or it stops, and the rows of processes
 * whose lease ran out (server/lib/processes.ts) — never those of a live one; telemetry and events stored as device logs in batches,
 * written on a thread of their own (device-log-writer.ts).
 * Other modules (commands, OTA) register handlers for their channels.
 */
export async function startPresence(services: Services, mqtt: BrokerService) {
  const { db, log } = services
  const pending: LogRow[] = []
  let dropped = 0
  const writer = startDeviceLogWriter(services.config, log)
  const handlers = new Map<string, UpHandler>()

  /**
   * This process's live device connections: the row each wrote to blade_device_connection, once written (a
   * disconnect waits for it, so its delete never runs before the insert).
   */
  const me = processIdentity()
  const rows = new WeakMap<object, Promise<string | undefined>>()

  const record = (owner: DeviceIdentity, type: LogType, content: string) => {
    if (pending.length + writer.inFlight() >= MAX_PENDING_LOGS) {
      dropped++
      return
    }
    pending.push({ owner, type, content, at: Date.now() })
  }

  const flush = () => {
    if (dropped) {
      log.warn({ dropped }, 'device log backlog full: telemetry dropped')
      dropped = 0
    }
    if (!pending.length) return
    const rows = pending.splice(0, pending.length)
    const json: string[] = []
    const seen = new Map<string, string>()
    let second = -1,
      stamp = ''
    for (const r of rows) {
      if (Math.floor(r.at / 1000) !== second) {
        second = Math.floor(r.at / 1000)
        stamp = formatDateTime(new Date(r.at))
      }
      r.createTime = stamp
      seen.set(r.owner.deviceId, stamp)
      json.push(logRow(r.owner, r.type, r.content, stamp))
    }
    writer.write({ rows: `[${json.join(',')}]`, count: rows.length, seen: [...seen] })
    forward(rows)
  }

  /**
   * Browsers watching a device (its portal page) get its readings once per flush, not once per message, so the
   * per-message path stays the broker's own work; a device flooding readings sends its watchers the last few.
   * Read newest first, so only those few are parsed.
   */
  const forward = (rows: LogRow[]) => {
    const byDevice = new Map<DeviceIdentity['deviceId'], { owner: DeviceIdentity; readings: Reading[] }>()
    for (let i = rows.length - 1; i >= 0; i--) {
      const r = rows[i]!
      const entry = byDevice.get(r.owner.deviceId)
      if (r.type !== 'telemetry' || (entry?.readings.length ?? 0) >= FORWARD_READINGS) continue
      let data: unknown
      try {
        data = JSON.parse(r.content)
      } catch {
        continue
      }
      if (!data || typeof data !== 'object' || Array.isArray(data)) continue
      if (entry) entry.readings.push({ time: r.createTime!, data })
      else byDevice.set(r.owner.deviceId, { owner: r.owner, readings: [{ time: r.createTime!, data }] })
    }
    for (const [id, { owner, readings }] of byDevice)
      mqtt.publish(deviceTelemetryTopic(owner.tenantId, id), { id, readings: readings.reverse() }).catch(() => {})
  }
  const timer = setInterval(flush, FLUSH_MS)

  /** Says a flip the database made: a status log row and the live status message. */
  const announce = (id: Pick<DeviceIdentity, 'deviceId' | 'tenantId' | 'productId'>, status: 0 | 1, at: string) => {
    record({ kind: 'device', ...id }, 'status', JSON.stringify({ status }))
    mqtt.publish(deviceStatusTopic(id.tenantId, id.deviceId), { id: id.deviceId, status, time: at }).catch(() => {})
  }
  /**
   * Marks offline, in one conditional UPDATE, the online devices (all, or those given) that no connection row holds
   * any more, whichever process held them; answers them so each flip is announced by the process that made it.
   */
  const offlineUnheld = async (deviceIds?: string[]) => {
    const at = now()
    const unheld = sql`not exists (select 1 from ${deviceConnection} where ${deviceConnection.deviceId} = ${device.id})`
    const flipped = await db
      .update(device)
      .set({ status: 0, lastSeen: at })
      .where(and(eq(device.status, 1), deviceIds ? inArray(device.id, deviceIds) : undefined, unheld))
      .returning({ deviceId: device.id, tenantId: device.tenantId, productId: device.productId })
    for (const d of flipped) announce(d, 0, at)
  }
  /**
   * Marks online, in one conditional UPDATE, offline devices a connection row holds. Under PostgreSQL's READ
   * COMMITTED an offlineUnheld whose snapshot was taken just before another process recorded a connection (and
   * found the device still online, so flipped nothing) can mark a held device offline; the sweep puts it right.
   * On SQLite writers take turns and it finds nothing.
   */
  const onlineHeld = async () => {
    const at = now()
    const held = sql`exists (select 1 from ${deviceConnection} where ${deviceConnection.deviceId} = ${device.id})`
    const flipped = await db
      .update(device)
      .set({ status: 1, activeTime: at, lastSeen: at })
      .where(and(eq(device.status, 0), held))
      .returning({ deviceId: device.id, tenantId: device.tenantId, productId: device.productId })
    for (const d of flipped) announce(d, 1, at)
  }
  /** Connection rows of processes whose lease ran out (killed) go; their devices go offline unless held elsewhere. */
  const sweep = async () => {
    const t = Date.now()
    await db
      .delete(deviceConnection)
      .where(
        and(
          ne(deviceConnection.processId, me),
          notInArray(
            deviceConnection.processId,
            db.select({ id: appProcess.id }).from(appProcess).where(gte(appProcess.leaseUntil, t)),
          ),
        ),
      )
    await offlineUnheld()
    await onlineHeld()
  }
  // A process starting clears only what no live process holds: another process's devices stay online.
  await sweep()
  const sweeper = setInterval(
    () => void sweep().catch((err: unknown) => log.error({ err }, 'presence sweep failed')),
    Math.max(100, Math.floor(services.config.leaseMs / 3)),
  )

  const { aedes } = mqtt
  const connected = async (id: DeviceIdentity) => {
    const row = newId()
    const at = now()
    await db.insert(deviceConnection).values({ id: row, deviceId: id.deviceId, processId: me, createTime: at })
    const flipped = await db
      .update(device)
      .set({ status: 1, activeTime: at, lastSeen: at })
      .where(and(eq(device.id, id.deviceId), eq(device.status, 0)))
      .returning({ id: device.id })
    if (flipped.length) announce(id, 1, at)
    return row
  }
  const disconnected = async (id: DeviceIdentity, held: Promise<string | undefined> | undefined) => {
    const row = await held
    if (row) await db.delete(deviceConnection).where(eq(deviceConnection.id, row))
    await offlineUnheld([id.deviceId])
  }
  aedes.on('clientReady', (client) => {
    const id = identityOf(client)
    if (client.closed || id?.kind !== 'device') return
    rows.set(
      client,
      connected(id).catch((err: unknown) => {
        log.error({ err, deviceId: id.deviceId }, 'device presence not recorded')
        return undefined
      }),
    )
  })
  aedes.on('clientDisconnect', (client) => {
    const id = identityOf(client)
    if (id?.kind !== 'device') return
    const held = rows.get(client)
    rows.delete(client)
    void disconnected(id, held).catch((err: unknown) =>
      log.error({ err, deviceId: id.deviceId }, 'device presence not cleared'),
    )
  })
  aedes.on('keepaliveTimeout', (client) => {
    const id = identityOf(client)
    if (id?.kind === 'device') record(id, 'event', JSON.stringify({ event: 'keepalive-timeout' }))
  })
  aedes.on('publish', (packet, client) => {
    const id = client && identityOf(client)
    if (id?.kind !== 'device') return
    // The ACL let it through, so the topic is under the device's own root.
    const channel = deviceChannel(id.root, packet.topic)
    if (channel === null) return
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload)
    if (channel === 'telemetry' || channel === 'event')
      record(
        id,
        channel,
        payload.length <= 8192 ? payload.toString() : payload.toString('utf8', 0, 8192 * 4).slice(0, 8192),
      )
    else {
      const h = handlers.get(channel)
      if (h)
        void Promise.resolve(h(id, channel, payload)).catch((err: unknown) =>
          log.error({ err, channel, deviceId: id.deviceId }, 'device message not handled'),
        )
    }
  })

  return {
    /** Handle what devices publish on a channel (command/reply, ota/progress). */
    on(channel: string, h: UpHandler) {
      handlers.set(channel, h)
    },
    /** Resolves once a device connection's presence is recorded (its device online); clientReady handlers registered after presence's may wait for it. */
    recorded(client: object): Promise<unknown> {
      return rows.get(client) ?? Promise.resolve()
    },
    /** Sends what is gathered to the writer and waits until everything is written. */
    async stop(): Promise<void> {
      clearInterval(timer)
      clearInterval(sweeper)
      // This process's connections end with it; its devices go offline unless another process holds them.
      const mine = await db
        .delete(deviceConnection)
        .where(eq(deviceConnection.processId, me))
        .returning({ deviceId: deviceConnection.deviceId })
      if (mine.length) await offlineUnheld([...new Set(mine.map((r) => r.deviceId))])
      flush()
      return writer.stop()
    },
  }
}

export type Presence = Awaited<ReturnType<typeof startPresence>>

/**
 * The nightly retention job: device logs older than ATRIUM_DEVICE_LOG_DAYS go; answers how many.
 * Old rows are reached device by device through ix_device_log_device (device_id, create_time): the device ids are
 * walked in that index one seek each (a recursive skip, so the logs of a device removed since go too), and each
 * device's old rows are one range of it. No index on create_time alone is kept for this: every reading would pay for it.
 */
export async function pruneDeviceLogs(services: Services, days = services.config.deviceLogDays): Promise<number> {
  const cutoff = formatDateTime(new Date(Date.now() - days * 86_400_000))
  return changed(await runSql(services.db, pruneStatement(cutoff)))
}

export const pruneStatement = (cutoff: string) => sql`
  WITH RECURSIVE d(id) AS (
    SELECT min(${deviceLog.deviceId}) FROM ${deviceLog}
    UNION ALL
    SELECT (SELECT min(${deviceLog.deviceId}) FROM ${deviceLog} WHERE ${deviceLog.deviceId} > d.id) FROM d WHERE d.id IS NOT NULL
  )
  DELETE FROM ${deviceLog} WHERE ${deviceLog.deviceId} IN (SELECT id FROM d) AND ${deviceLog.createTime} < ${cutoff}`
