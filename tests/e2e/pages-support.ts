/**
 * What the pages' browser suites share: API calls against a running
 * appliance (to arrange data and check results beside the browser) and the
 * waits they need.
 */
import { createHash } from 'node:crypto'

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`
const md5 = (s: string) => createHash('md5').update(s).digest('hex')

/** The token response of a password sign-in, or the refusal body. */
export async function signInApi(base: string, account: string, password = account, tenantId = '000000') {
  const q = new URLSearchParams({
    tenantId,
    username: account,
    password: md5(password),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  })
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Tenant-Id': tenantId },
  })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

export async function tokenOf(base: string, account: string, password = account) {
  const r = await signInApi(base, account, password)
  if (r.status !== 200) throw new Error(`sign-in of ${account} failed: ${JSON.stringify(r.body)}`)
  return r.body.access_token as string
}

/** One /api call with a token; answers the envelope. */
export async function apiCall(
  base: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  query: Record<string, string> = {},
  body?: unknown,
) {
  const q = new URLSearchParams(query).toString()
  const res = await fetch(`${base}${path}${q ? `?${q}` : ''}`, {
    method,
    headers: {
      Authorization: BASIC,
      'Blade-Auth': `bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return (await res.json()) as { code: number; msg: string; data: any }
}

export { signedIn } from '../support/browser.ts'
