import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { Logger } from 'pino'
import { device, deviceLog } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { jsonArrayRows } from '../../lib/portable-sql.ts'
import { helperThread, stopHelperThread } from '../../lib/worker-thread.ts'

/**
 * Device logs are written on a thread of their own (device-log-worker.ts,
 * with its own connection to the database), so the broker's thread only
 * gathers readings: writing them had taken a quarter of that thread under a
 * QoS 1 flood. The worker writes batches in the order they are sent, one
 * transaction each, and closes its connection after the last batch when the
 * appliance stops. On PostgreSQL the thread opens the same URL as the
 * appliance (its own pool, one connection busy at a time): one path for both
 * engines, so the order, the lost-batch report and the stop are the same code.
 */

/** The fields of a row in a batch's JSON array, in order (logRow writes them); LOG_FIXED fills some other columns. */
const LOG_FIELDS = ['id', 'tenantId', 'deviceId', 'productId', 'type', 'content', 'createTime'] as const
const LOG_FIXED: Record<string, SQL> = { status: sql`1`, isDeleted: sql`0` }

/** What a device log row records (the type column). */
export type LogType = 'telemetry' | 'event' | 'status'
/** Whose readings a row holds: a device connection's identity (one object per connection). */
type Owner = { tenantId: string; deviceId: string; productId: string }
/** An owner's [tenantId, deviceId, productId] as JSON, the middle of every row it logs. */
const owners = new WeakMap<Owner, string>()
const ownerJson = (o: Owner) => {
  let json = owners.get(o)
  if (json === undefined) owners.set(o, (json = JSON.stringify([o.tenantId, o.deviceId, o.productId]).slice(1, -1)))
  return json
}

/**
 * One row of a batch as JSON text, in the order of LOG_FIELDS. Put together rather than stringified as an
 * array: only the content needs escaping (the id, type and time are digits and plain words), and this runs on
 * the broker's thread for every reading.
 */
export const logRow = (owner: Owner, type: LogType, content: string, createTime: string) =>
  `["${newId()}",${ownerJson(owner)},"${type}",${JSON.stringify(content)},"${createTime}"]`

/** A batch: its rows as one JSON array of logRow texts, and each device's latest reading time. */
export interface LogBatch {
  rows: string
  count: number
  seen: [deviceId: string, at: string][]
}

/** The worker's statements: one INSERT … SELECT over the batch's JSON array, and a device's last-seen time. */
export function logStatements(db: Db) {
  return {
    // One statement per batch whatever its size: the database unpacks the array itself (json_each, PostgreSQL's
    // json_array_elements) — on SQLite a third cheaper per row than running a compiled one-row INSERT per reading,
    // and the statement is still compiled once.
    insertLogs: db
      .insert(deviceLog)
      .select((qb) =>
        qb
          .select(
            Object.fromEntries(
              Object.keys(getTableColumns(deviceLog)).map((key) => {
                const at = LOG_FIELDS.indexOf(key as (typeof LOG_FIELDS)[number])
                return [key, at >= 0 ? sql`value ->> ${sql.raw(String(at))}` : (LOG_FIXED[key] ?? sql`null`)]
              }),
            ),
          )
          .from(jsonArrayRows(sql.placeholder('rows')))
          .getSQL(),
      )
      .prepare(),
    touchDevice: db
      .update(device)
      .set({ lastSeen: sql`${sql.placeholder('at')}` })
      .where(eq(device.id, sql.placeholder('id')))
      .prepare(),
  }
}

type Reply = { written: number } | { lost: number; error: string }

/** The database the worker opens: the appliance's own (server/lib/db.ts openDatabase). */
export interface LogDatabase {
  dbFile: string
  databaseUrl?: string
}

export function startDeviceLogWriter(database: LogDatabase, log: Logger) {
  // The thread's db/schema must be built for the same engine as the database it opens.
  const worker = helperThread(
    new URL('./device-log-worker.ts', import.meta.url),
    database.databaseUrl ? { ATRIUM_DATABASE_URL: database.databaseUrl } : {},
  )
  let inFlight = 0
  let closed: Promise<void> | undefined
  worker.addEventListener('error', (e) => log.error({ err: e.message }, 'device log writer failed'))
  worker.addEventListener('message', (e: MessageEvent<Reply>) => {
    if ('written' in e.data) inFlight -= e.data.written
    else {
      inFlight -= e.data.lost
      log.error({ err: e.data.error, lost: e.data.lost }, 'device logs could not be written')
    }
  })
  worker.postMessage({ database: { dbFile: database.dbFile, databaseUrl: database.databaseUrl } })
  return {
    write(batch: LogBatch) {
      inFlight += batch.count
      worker.postMessage(batch)
    },
    /** Rows sent and not yet written: with the rows still gathering, what bounds the backlog. */
    inFlight: () => inFlight,
    /** Writes what was sent, then closes the worker's connection (before the server's, which checkpoints last). */
    stop(): Promise<void> {
      closed ??= stopHelperThread(worker, 10_000)
      return closed
    },
  }
}
