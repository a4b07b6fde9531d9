import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * Secrets a school or the platform stores for reaching something else — lab hosts' TLS and SSH keys, mail account
 * passwords, SMS access keys — are sealed with AES-256-GCM under a key derived from the data directory's secret: a
 * copy of the database alone hands none of them out. Forms never receive them back (`detail` masks them) and a blank
 * value on submit keeps the stored one.
 */

/** The derivation label is the one lab hosts were sealed under before this moved here, so their rows still open. */
const keyOf = (secret: string) => createHash('sha256').update(`lab-hosts:${secret}`).digest()

const PREFIX = 'v1:'

export function seal(secret: string, plain: string): string {
  const iv = randomBytes(12)
  const c = createCipheriv('aes-256-gcm', keyOf(secret), iv)
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()])
  return `${PREFIX}${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`
}

export function unseal(secret: string, sealed: string): string {
  if (!isSealed(sealed)) throw new Error('not a sealed value')
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64')
  const d = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12))
  d.setAuthTag(raw.subarray(12, 28))
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8')
}

/** Whether a stored value is sealed (a write path refuses to store anything else). */
export const isSealed = (v: unknown): v is string => typeof v === 'string' && v.startsWith(PREFIX)
