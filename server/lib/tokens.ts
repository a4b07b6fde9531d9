import { jwt } from '@elysiajs/jwt'

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

type Signer = { sign(p: Record<string, unknown>): Promise<string>; verify(t?: string, o?: { algorithms: string[]; requiredClaims: string[] }): Promise<false | Record<string, unknown>> }

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

/** Only HS256 (what we sign with) is accepted, and a token without `exp` is refused: no algorithm games, no eternal tokens. */
export async function verifyAccess(secret: string, token: string): Promise<AccessClaims | null> {
  const p = await signer(secret).verify(token, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'] })
  return p && typeof p.sub === 'string' && typeof p.sid === 'string' ? (p as unknown as AccessClaims) : null
}

export const sha256 = (s: string) => new Bun.CryptoHasher('sha256').update(s).digest('hex')

/** 256 bits from the OS generator, URL-safe. */
export const randomToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
