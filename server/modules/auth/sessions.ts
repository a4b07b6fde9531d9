/** Sessions ended from outside a sign-in: one revoked, users' or schools' ended, expired ones pruned. */
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { session, sessionSpent } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { sessionsEnded } from '../../lib/live-sessions.ts'
import type { Tx } from '../../lib/transaction.ts'

/** Ends one session: its refresh token and every access token naming it stop working, its live connections close. */
export async function revokeSession(services: Services, sessionId: string): Promise<void> {
  await services.db.update(session).set({ revoked: 1 }).where(eq(session.id, sessionId))
  sessionsEnded({ sessionIds: [sessionId] })
}

/**
 * Ends every session of the given users (password, status, roles, department
 * changed; deleted) or of whole tenants (disabled, expired, deleted): their
 * access and refresh tokens stop working at the next request, and their live
 * connections (broker, lab terminals) close once the caller's transaction is
 * over (live-sessions.ts).
 */
export async function endSessions(
  db: Services['db'] | Tx,
  by: { userIds?: string[]; tenantIds?: string[] },
): Promise<void> {
  if (by.userIds?.length)
    await db
      .update(session)
      .set({ revoked: 1 })
      .where(and(inArray(session.userId, by.userIds), eq(session.revoked, 0)))
  if (by.tenantIds?.length)
    await db
      .update(session)
      .set({ revoked: 1 })
      .where(and(inArray(session.tenantId, by.tenantIds), eq(session.revoked, 0)))
  sessionsEnded(by)
}

/** Drops expired or revoked sessions and spent refresh tokens past their time; run by the daily job. */
export async function pruneSessions(services: Services): Promise<void> {
  const nowS = Math.floor(Date.now() / 1000)
  await services.db.delete(sessionSpent).where(lt(sessionSpent.expiresAt, nowS))
  // A revoked session is kept until its refresh lifetime ends, so a replayed token still finds it spent.
  await services.db.delete(session).where(sql`${session.refreshExpiresAt} < ${nowS}`)
}
