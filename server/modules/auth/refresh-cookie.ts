/**
 * The browser's refresh token lives in an HttpOnly, SameSite=Strict cookie
 * scoped to the token endpoints: page scripts (and so an injected script)
 * cannot read it, other sites cannot send it. The web asks for this with the
 * `Refresh-Cookie: 1` header; other clients (CLI, Saber-compatible ones) keep
 * receiving the token in the answer and sending it as refresh_token.
 */
export const REFRESH_COOKIE = 'atrium-refresh'
const PATH = '/api/blade-auth/oauth'

export const wantsCookie = (headers: Record<string, string | undefined>) => headers['refresh-cookie'] === '1'

/** The refresh token from the request's cookie, if any. */
export function refreshFromCookie(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === REFRESH_COOKIE && v.length) return decodeURIComponent(v.join('='))
  }
  return undefined
}

/** Set-Cookie for a new refresh token; Secure when the request came over HTTPS. */
export function refreshCookie(token: string, maxAgeSeconds: number, request: Request): string {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : ''
  return `${REFRESH_COOKIE}=${encodeURIComponent(token)}; Path=${PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`
}

/** Set-Cookie that removes it (sign-out, a refused refresh). */
export const clearedRefreshCookie = () => `${REFRESH_COOKIE}=; Path=${PATH}; Max-Age=0; HttpOnly; SameSite=Strict`
