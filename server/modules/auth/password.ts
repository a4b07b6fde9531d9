import { availableParallelism } from 'node:os'
import { ApiError } from '../../lib/errors.ts'

/**
 * The browser sends md5(password) in hex (the contract); we store argon2id of
 * that string, so the stored hash never equals what crosses the wire.
 */
export const md5Hex = (plain: string) => new Bun.CryptoHasher('md5').update(plain).digest('hex')

/** Accepts either the md5 hex the web sends or, from the CLI, a plain password. */
export const normalizePassword = (v: string) => (/^[0-9a-f]{32}$/i.test(v) ? v.toLowerCase() : md5Hex(v))

/** Longest password accepted from anyone (md5 hex is 32; a CLI plain password rarely nears this). */
export const PASSWORD_MAX = 128

/**
 * argon2id runs on Bun's worker threads, never on the event loop; at most
 * `slots` hashes run at once (one core stays free for requests) and at most
 * `queueMax` wait, beyond which a sign-in storm is answered 429 instead of
 * queueing without end.
 */
const slots = Math.max(1, Number(process.env.ATRIUM_HASH_CONCURRENCY) || availableParallelism() - 1)
const queueMax = 256
let running = 0
const waiting: (() => void)[] = []

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= slots) {
    if (waiting.length >= queueMax) throw new ApiError(429, 'auth.busy', { retryAfter: 1 })
    // The finishing hash hands its slot straight to us, so `running` never exceeds `slots`.
    await new Promise<void>((go) => waiting.push(go))
  } else running++
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

export const hashPassword = (md5: string) =>
  limited(() => Bun.password.hash(normalizePassword(md5), { algorithm: 'argon2id' }))

export const verifyPassword = (md5: string, hash: string) =>
  limited(() => Bun.password.verify(normalizePassword(md5), hash))

/**
 * For the first-start seed only: it runs inside one synchronous transaction
 * before the server listens, so there is no request to block.
 */
export const hashPasswordBeforeListening = (md5: string) =>
  Bun.password.hashSync(normalizePassword(md5), { algorithm: 'argon2id' })

let dummy: Promise<string> | undefined
/** Unknown accounts are checked against this, so they take as long as known ones (no enumeration by timing). */
export const verifyDummy = async (md5: string) => {
  dummy ??= hashPassword(crypto.randomUUID())
  await verifyPassword(md5, await dummy)
  return false
}
