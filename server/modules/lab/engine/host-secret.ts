import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * TLS and SSH keys of listed lab hosts are stored sealed with AES-256-GCM under a key derived from the data
 * directory's secret: a copy of the database alone does not hand out the engines' keys.
 */
const keyOf = (secret: string) => createHash('sha256').update(`lab-hosts:${secret}`).digest()

export function seal(secret: string, plain: string): string {
  const iv = randomBytes(12)
  const c = createCipheriv('aes-256-gcm', keyOf(secret), iv)
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()])
  return `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`
}

export function unseal(secret: string, sealed: string): string {
  if (!sealed.startsWith('v1:')) throw new Error('not a sealed value')
  const raw = Buffer.from(sealed.slice(3), 'base64')
  const d = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12))
  d.setAuthTag(raw.subarray(12, 28))
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8')
}
