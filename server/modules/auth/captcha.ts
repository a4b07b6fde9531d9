import svgCaptcha from 'svg-captcha'
import { count, eq, lt } from 'drizzle-orm'
import { captcha } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { ApiError } from '../../lib/errors.ts'
import { first } from '../../lib/rows.ts'
import { take } from '../../lib/throttle.ts'
import { randomToken } from '../../lib/tokens.ts'

/** A captcha is read by a person within a minute or two; an unused one is gone after that. */
export const CAPTCHA_TTL_SECONDS = 120
/** Live captchas kept at most, across all addresses: past it, new ones wait for old ones to expire. */
export const CAPTCHA_LIVE_MAX = 20_000

/**
 * A new captcha: the code is kept in the database (not memory) so any process
 * can check it. Anyone may ask, so each client address gets `perMinute` a
 * minute (429 + Retry-After past it) and the table never holds more than
 * CAPTCHA_LIVE_MAX unexpired rows.
 */
export async function createCaptcha(db: Db, ip: string, perMinute: number): Promise<{ key: string; image: string }> {
  await take(db, `captcha:${ip}`, perMinute, 60)
  const nowS = Math.floor(Date.now() / 1000)
  await db.delete(captcha).where(lt(captcha.expiresAt, nowS))
  const [{ n }] = await db.select({ n: count() }).from(captcha)
  if (n >= CAPTCHA_LIVE_MAX) throw new ApiError(429, 'error.tooMany', { retryAfter: 30 })
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', color: true, background: '#f4f6fa' })
  const key = randomToken()
  await db.insert(captcha).values({ key, code: c.text.toLowerCase(), expiresAt: nowS + CAPTCHA_TTL_SECONDS })
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` }
}

/** True once per key: the row is deleted whatever the outcome, so a code cannot be guessed twice. */
export async function checkCaptcha(db: Db, key?: string, code?: string): Promise<boolean> {
  if (!key || !code) return false
  // Deleted and read in one statement: of two checks racing with one key, only one gets the row.
  const row = await first(db.delete(captcha).where(eq(captcha.key, key)).returning())
  if (!row) return false
  return row.expiresAt >= Math.floor(Date.now() / 1000) && row.code === code.trim().toLowerCase()
}
