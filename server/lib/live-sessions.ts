/**
 * Live connections a sign-in session keeps open beyond single requests: a
 * browser's MQTT-over-WebSocket connection, a lab terminal's socket. A request
 * re-reads its session every time; a connection does not, so whoever holds
 * one registers it here with a way to close it, and ending sessions
 * (sessions.ts) says so here. The holders are passed in as callbacks, so this
 * file knows neither the broker nor the labs.
 *
 * Per process, on purpose: connections live in the process that accepted them.
 * A session ended in another process (the CLI disabling a user, a second app
 * process) or by time (a licence that runs out, the absolute lifetime) sends
 * no event here; a sweep every SWEEP_MS reads the held sessions from the
 * database and closes what is no longer live, so the database stays the one
 * answer and the event only makes it immediate.
 */
import { and, eq, gt, inArray, isNotNull, lt, ne, notExists, or } from 'drizzle-orm'
import { session, tenant } from '../../db/schema/index.ts'
import type { Db } from './db.ts'
import { now } from './time.ts'
import { notDeleted } from './tenant-rows.ts'

/** One connection held open by a session, and how to end it. */
export interface LiveConnection {
  sessionId: string
  userId: string
  tenantId: string
  close(): void
}

/** How often held sessions are read again for ends no event announced (other processes, time). */
const SWEEP_MS = 30_000

/** Held connections by database: two apps in one process (tests) neither see nor sweep each other's. */
const held = new Map<Db, { conns: Set<LiveConnection>; sweep: ReturnType<typeof setInterval> }>()

/** Registers a live connection of a session; answers its release, to call when the connection closes by itself. */
export function holdSession(db: Db, conn: LiveConnection): () => void {
  let mine = held.get(db)
  if (!mine) {
    const sweep = setInterval(() => void closeEnded(db, [...(held.get(db)?.conns ?? [])]).catch(sweepFailed), SWEEP_MS)
    sweep.unref?.()
    held.set(db, (mine = { conns: new Set(), sweep }))
  }
  mine.conns.add(conn)
  return () => {
    const m = held.get(db)
    if (!m) return
    m.conns.delete(conn)
    if (!m.conns.size) {
      clearInterval(m.sweep)
      held.delete(db)
    }
  }
}

/**
 * Sessions were ended (by id, or all of some users or tenants). Called inside
 * the ending transaction, so it looks only once that has finished: the
 * matching connections whose session the database then says is over are
 * closed (a rolled-back end closes nothing).
 */
export function sessionsEnded(by: { sessionIds?: string[]; userIds?: string[]; tenantIds?: string[] }): void {
  const ids = new Set(by.sessionIds),
    users = new Set(by.userIds),
    tenants = new Set(by.tenantIds)
  const matching = (c: LiveConnection) => ids.has(c.sessionId) || users.has(c.userId) || tenants.has(c.tenantId)
  if (![...held.values()].some((m) => [...m.conns].some(matching))) return
  setImmediate(() => {
    for (const [db, m] of held) void closeEnded(db, [...m.conns].filter(matching)).catch(sweepFailed)
  })
}

/** Reads the sessions now (the sweep's job, also callable directly): closes connections whose session is over. */
export const sweepLiveSessions = (db: Db) => closeEnded(db, [...(held.get(db)?.conns ?? [])])

const sweepFailed = (err: unknown) => console.error('live sessions: could not read the held sessions', err)

async function closeEnded(db: Db, conns: LiveConnection[]): Promise<number> {
  if (!conns.length) return 0
  const live = await liveSessionIds(db, [...new Set(conns.map((c) => c.sessionId))])
  let closed = 0
  for (const c of conns) {
    if (live.has(c.sessionId)) continue
    closed++
    try {
      c.close()
    } catch {
      /* already gone */
    }
  }
  return closed
}

/**
 * The sessions among `ids` a request could still act with: not revoked,
 * within their absolute lifetime, and their school's licence not run out
 * (compared as auth-context.ts and the grant compare it).
 */
async function liveSessionIds(db: Db, ids: string[]): Promise<Set<string>> {
  const nowS = Math.floor(Date.now() / 1000)
  const expired = db
    .select({ id: tenant.id })
    .from(tenant)
    .where(
      and(
        eq(tenant.tenantId, session.tenantId),
        notDeleted(tenant),
        isNotNull(tenant.expireTime),
        ne(tenant.expireTime, ''),
        lt(tenant.expireTime, now()),
      ),
    )
  const live = new Set<string>()
  // Chunks keep each statement's parameter count far below SQLite's limit.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({ id: session.id })
      .from(session)
      .where(
        and(
          inArray(session.id, ids.slice(i, i + 500)),
          eq(session.revoked, 0),
          or(eq(session.absoluteExpiresAt, 0), gt(session.absoluteExpiresAt, nowS)),
          notExists(expired),
        ),
      )
    for (const r of rows) live.add(r.id)
  }
  return live
}
