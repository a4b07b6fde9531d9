import svgCaptcha from 'svg-captcha'
import { eq, lt } from 'drizzle-orm'
import { captcha } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { randomToken } from '../../lib/tokens.ts'

const TTL_SECONDS = 300

/** A new captcha: the code is kept in the database (not memory) so any process can check it. */
export async function createCaptcha(db: Db): Promise<{ key: string; image: string }> {
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', color: true, background: '#f4f6fa' })
  const key = randomToken()
  const nowS = Math.floor(Date.now() / 1000)
  await db.delete(captcha).where(lt(captcha.expiresAt, nowS))
  await db.insert(captcha).values({ key, code: c.text.toLowerCase(), expiresAt: nowS + TTL_SECONDS })
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` }
}

/** True once per key: the row is deleted whatever the outcome, so a code cannot be guessed twice. */
export async function checkCaptcha(db: Db, key?: string, code?: string): Promise<boolean> {
  if (!key || !code) return false
  const row = await db.select().from(captcha).where(eq(captcha.key, key)).get()
  if (!row) return false
  await db.delete(captcha).where(eq(captcha.key, key))
  return row.expiresAt >= Math.floor(Date.now() / 1000) && row.code === code.trim().toLowerCase()
}
