/**
 * What every way of signing in shares (grant.ts, password-user.ts,
 * social-user.ts): a grant's input, how a refusal is answered, and why these
 * reads take no caller's data scope.
 */
import { user } from '../../../db/schema/index.ts'
import { ApiError } from '../../lib/errors.ts'

/** Signing in happens before there is a caller whose data scope could apply. */
export const SIGN_IN = 'signing in: there is no caller yet'

/** A sign-in failure: answered with error_description, as the web's login expects; `extra` joins the answer. */
export class GrantError extends ApiError {
  extra: Record<string, string> = {}
}
export const fail = (key: string, status: 400 | 401 | 423 | 429 = 400, extra: Record<string, string> = {}) =>
  Object.assign(new GrantError(status, key), { extra })

/** The token endpoint's parameters (query or form), as the web sends them. */
export interface GrantInput {
  grantType: string
  tenantId: string
  username?: string
  password?: string
  refreshToken?: string
  captchaKey?: string
  captchaCode?: string
  deptId?: string
  roleId?: string
  source?: string
  code?: string
  state?: string
}

export type UserRow = typeof user.$inferSelect

/** Now in epoch seconds, as session lifetimes and lock ends are stored. */
export const epoch = () => Math.floor(Date.now() / 1000)

/** Sign-in throttles: the refusal is a 429 with Retry-After, answered like any other sign-in failure. */
export function throttled(e: unknown): never {
  if (e instanceof ApiError && e.status === 429)
    throw Object.assign(new GrantError(429, 'error.tooMany', e.params), { extra: {} })
  throw e
}
