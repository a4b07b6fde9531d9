import { tenantRows } from '../../lib/tenant-rows.ts'
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, lt, lte, sql } from 'drizzle-orm'
import { smsCode } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { first } from '../../lib/rows.ts'
import type { DbOrTx } from '../../lib/unique.ts'

/**
 * Verification codes sent by SMS, kept in blade_sms_code so that every process
 * behind the proxy knows them and a restart forgets none (issue #27). One live
 * code per school, phone and purpose; only an HMAC of it is stored.
 *
 * - `issue` replaces the code in one conditional upsert: no sooner than
 *   RESEND_MS after the last one, whichever process sent that.
 * - `attempt` takes one attempt in a conditional update before comparing, so
 *   parallel guesses cannot outrun the limit; after MAX_ATTEMPTS the code is
 *   burnt, the right one included.
 * - `consume` spends it with a conditional update inside the caller's
 *   transaction: of any number of parallel sign-ups, one changes the row.
 */
export const TTL_MS = 5 * 60_000,
  RESEND_MS = 60_000,
  MAX_ATTEMPTS = 5

export interface CodeKey {
  tenantId: string
  phone: string
  purpose: 'signUp'
}

const hashOf = (secret: string, k: CodeKey, code: string) =>
  createHmac('sha256', secret).update(`sms-code\n${k.tenantId}\n${k.purpose}\n${k.phone}\n${code}`).digest('hex')

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

const ofKey = (k: CodeKey) =>
  and(
    tenantRows(smsCode, k.tenantId, {
      why: 'a sign-up code is work done for a school (registration), not for a caller',
    }),
    eq(smsCode.phone, k.phone),
    eq(smsCode.purpose, k.purpose),
  )

/** A new six-digit code for `k`, or how long to wait (ms) before another may be sent. */
export async function issue(db: Db, secret: string, k: CodeKey): Promise<{ code: string } | { waitMs: number }> {
  const t = Date.now()
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const fresh = { codeHash: hashOf(secret, k, code), sentAt: t, expiresAt: t + TTL_MS, attempts: 0, consumed: 0 }
  const row = await first(
    db
      .insert(smsCode)
      .values({ id: newId(), ...k, ...fresh })
      .onConflictDoUpdate({
        target: [smsCode.tenantId, smsCode.phone, smsCode.purpose],
        set: fresh,
        setWhere: lte(smsCode.sentAt, t - RESEND_MS),
      })
      .returning({ id: smsCode.id }),
  )
  // Codes nobody can use any more are dropped now and then.
  if (Math.random() < 0.01) await db.delete(smsCode).where(lt(smsCode.expiresAt, t - RESEND_MS))
  if (row) return { code }
  const last = await first(db.select({ sentAt: smsCode.sentAt }).from(smsCode).where(ofKey(k)))
  return { waitMs: Math.max(1, (last?.sentAt ?? t) + RESEND_MS - t) }
}

/**
 * Takes back a code the provider refused to send: nobody received it, so it is burnt and its send time cleared —
 * the learner may ask again at once instead of waiting out RESEND_MS for a message that never came. Only this code
 * (its hash): a newer one issued meanwhile keeps its wait.
 */
export async function withdraw(db: Db, secret: string, k: CodeKey, code: string): Promise<void> {
  await db
    .update(smsCode)
    .set({ sentAt: 0, consumed: 1 })
    .where(and(ofKey(k), eq(smsCode.codeHash, hashOf(secret, k, code))))
}

/**
 * One guess: counts an attempt (only while the code is live and has attempts left), then compares.
 * True when the code is right; it stays unspent until `consume`.
 */
export async function attempt(db: Db, secret: string, k: CodeKey, code: string): Promise<boolean> {
  const row = await first(
    db
      .update(smsCode)
      .set({ attempts: sql`${smsCode.attempts} + 1` })
      .where(
        and(ofKey(k), eq(smsCode.consumed, 0), gt(smsCode.expiresAt, Date.now()), lt(smsCode.attempts, MAX_ATTEMPTS)),
      )
      .returning({ codeHash: smsCode.codeHash }),
  )
  return !!row && /^\d{6}$/.test(code) && sameHash(row.codeHash, hashOf(secret, k, code))
}

/** Spends the code inside the caller's transaction; false when another request spent it (or it expired) first. */
export async function consume(tx: DbOrTx, secret: string, k: CodeKey, code: string): Promise<boolean> {
  const row = await first(
    tx
      .update(smsCode)
      .set({ consumed: 1 })
      .where(
        and(
          ofKey(k),
          eq(smsCode.consumed, 0),
          eq(smsCode.codeHash, hashOf(secret, k, code)),
          gt(smsCode.expiresAt, Date.now()),
          lte(smsCode.attempts, MAX_ATTEMPTS),
        ),
      )
      .returning({ id: smsCode.id }),
  )
  return !!row
}
