import { jwt } from '@elysiajs/jwt'
import { registerCache } from './caches.ts'

export interface AccessClaims {
  sub: string
  /** tenant id */
  tid: string
  /** session id: logout revokes it, and with it this token */
  sid: string
  acc: string
  /** comma-joined role and department ids */
  rid: string
  did: string
  cid: string
}

type Signer = {
  sign(p: Record<string, unknown>): Promise<string>
  verify(t?: string, o?: { algorithms: string[]; requiredClaims: string[] }): Promise<false | Record<string, unknown>>
}

const signers = new Map<string, Signer>()

/** The @elysiajs/jwt signer for a secret, usable outside a request (CLI, tests, refresh). */
function signer(secret: string): Signer {
  let s = signers.get(secret)
  if (!s) {
    s = (jwt({ name: 'jwt', secret }) as unknown as { decorator: { jwt: Signer } }).decorator.jwt
    signers.set(secret, s)
  }
  return s
}

export const signAccess = (secret: string, claims: AccessClaims, ttlSeconds: number) =>
  signer(secret).sign({ ...claims, jti: randomToken(), exp: Math.floor(Date.now() / 1000) + ttlSeconds })

/**
 * Tokens whose signature was checked, until they expire: a client sends the
 * same token with every request, and checking it (key import, HMAC, claims)
 * was a tenth of a small request. Only the check is remembered — whether the
 * session is still live is read from the database on every request.
 */
const verified = new Map<string, { secret: string; claims: AccessClaims; exp: number }>()
const MAX_VERIFIED = 10_000
registerCache('tokens', () => verified.clear())

/** Only HS256 (what we sign with) is accepted, and a token without `exp` is refused: no algorithm games, no eternal tokens. */
export async function verifyAccess(secret: string, token: string): Promise<AccessClaims | null> {
  const hit = verified.get(token)
  if (hit && hit.secret === secret && hit.exp > Date.now() / 1000) return hit.claims
  const p = await signer(secret).verify(token, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'] })
  const claims = p && typeof p.sub === 'string' && typeof p.sid === 'string' ? (p as unknown as AccessClaims) : null
  if (claims) {
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!)
    verified.set(token, { secret, claims, exp: (p as { exp: number }).exp })
  }
  return claims
}

export const sha256 = (s: string) => new Bun.CryptoHasher('sha256').update(s).digest('hex')

/** 256 bits from the OS generator, URL-safe. */
export const randomToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
