import { greatest } from './portable-sql.ts'
import { lt, sql } from 'drizzle-orm'
import { throttle } from '../../db/schema/index.ts'
import type { Db } from './db.ts'
import { ApiError } from './errors.ts'
import { defineMessages } from './messages.ts'
import { first } from './rows.ts'

defineMessages({
  'error.tooMany': {
    zh: '尝试次数过多，请 {retryAfter} 秒后再试',
    en: 'too many attempts, try again in {retryAfter} seconds',
  },
})

const epoch = () => Math.floor(Date.now() / 1000)

/**
 * Counts one hit on `key` in a fixed window of `windowSeconds` (one atomic
 * upsert, so concurrent requests each get their own number).
 */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<{ hits: number; retryAfter: number }> {
  const now = epoch()
  const row = (await first(
    db
      .insert(throttle)
      .values({ key, hits: 1, windowEnds: now + windowSeconds })
      .onConflictDoUpdate({
        target: throttle.key,
        set: {
          hits: sql`CASE WHEN ${throttle.windowEnds} <= ${now} THEN 1 ELSE ${throttle.hits} + 1 END`,
          windowEnds: sql`CASE WHEN ${throttle.windowEnds} <= ${now} THEN ${now + windowSeconds} ELSE ${throttle.windowEnds} END`,
        },
      })
      .returning({ hits: throttle.hits, windowEnds: throttle.windowEnds }),
  ))!
  // Old windows are dropped now and then, so the table stays the size of the last window's traffic.
  if (Math.random() < 0.01) await db.delete(throttle).where(lt(throttle.windowEnds, now))
  return { hits: row.hits, retryAfter: Math.max(1, row.windowEnds - now) }
}

/** Gives back one hit on `key` (an attempt that turned out not to count: a success, one refused unchecked). */
export async function unhit(db: Db, key: string): Promise<void> {
  await db
    .update(throttle)
    .set({ hits: greatest(sql`${throttle.hits} - 1`, 0) })
    .where(sql`${throttle.key} = ${key}`)
}

/** Starts `key` over (its count was used up: a lock was set, or the account signed in). */
export async function forget(db: Db, key: string): Promise<void> {
  await db.delete(throttle).where(sql`${throttle.key} = ${key}`)
}

/** Hits counted on `key` in its current window (0 once the window has passed). */
export async function hitsOf(db: Db, key: string): Promise<{ hits: number; retryAfter: number }> {
  const now = epoch()
  const row = await first(
    db
      .select()
      .from(throttle)
      .where(sql`${throttle.key} = ${key}`),
  )
  return row && row.windowEnds > now ? { hits: row.hits, retryAfter: row.windowEnds - now } : { hits: 0, retryAfter: 0 }
}

/** 429 with Retry-After once `key` has `max` hits in its window. */
export async function refuseOver(db: Db, key: string, max: number): Promise<void> {
  const { hits, retryAfter } = await hitsOf(db, key)
  if (hits >= max) throw new ApiError(429, 'error.tooMany', { retryAfter })
}

/** Counts a hit and refuses (429) when it goes past `max`: for actions limited whether or not they succeed. */
export async function take(db: Db, key: string, max: number, windowSeconds: number): Promise<void> {
  const { hits, retryAfter } = await hit(db, key, windowSeconds)
  if (hits > max) throw new ApiError(429, 'error.tooMany', { retryAfter })
}

export const pruneThrottles = (db: Db) => db.delete(throttle).where(lt(throttle.windowEnds, epoch()))
