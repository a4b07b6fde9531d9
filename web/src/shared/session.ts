import Cookies from 'js-cookie'
import { useSyncExternalStore } from 'react'
import { dropOfflineCopies } from './offline-copies'
import { PREFIX, store } from './storage'

/** The token response of POST /api/blade-auth/oauth/token (spec §3 "Token response"). */
export interface TokenResponse {
  tenant_id: string
  user_id: string
  dept_id: string
  role_id: string
  oauth_id: string
  account: string
  user_name: string
  nick_name: string
  real_name: string
  role_name: string
  dept_name?: string
  avatar: string
  access_token: string
  refresh_token: string
  token_type: string
  expires_in: number
  license: string
}

export interface SessionState {
  token: string | null
  tenantId: string
  user: TokenResponse | null
  /** Role aliases (from the token's role_name). */
  roles: string[]
  /** Seconds since epoch when the token was issued here; drives the refresh timer. */
  tokenTime: number
}

const ACCESS = `${PREFIX}access-token`
const REFRESH = `${PREFIX}refresh-token`

function read(): SessionState {
  const user = store.get<TokenResponse | null>('user', null)
  return {
    token: Cookies.get(ACCESS) ?? null,
    tenantId: store.get('tenantId', '000000'),
    user,
    roles: user?.role_name ? user.role_name.split(',') : [],
    tokenTime: store.get('tokenTime', 0),
  }
}

let state = read()
const listeners = new Set<() => void>()
const publish = () => {
  state = read()
  listeners.forEach((l) => l())
}

/** Cleared on sign-in and sign-out (tabs and lock), by whoever owns them. */
const resetHooks = new Set<() => void>()
export const onSessionReset = (fn: () => void) => {
  resetHooks.add(fn)
  return () => resetHooks.delete(fn)
}

export const session = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l)
    return () => listeners.delete(l)
  },
  /**
   * The access token lives in a cookie (spec §9) the api client reads for the
   * Blade-Auth header; the refresh token is kept by the server in an HttpOnly
   * cookie no script can read. User info in prefixed local storage.
   */
  save(r: TokenResponse, { fresh = true } = {}) {
    Cookies.set(ACCESS, r.access_token, { sameSite: 'strict' })
    // A refresh token an older build stored where scripts can read it is dropped.
    Cookies.remove(REFRESH)
    store.set('user', r)
    store.set('tenantId', r.tenant_id)
    store.set('tokenTime', Math.floor(Date.now() / 1000))
    if (fresh) {
      // Whoever signs in now never finds an earlier learner's offline exam copy.
      dropOfflineCopies()
      resetHooks.forEach((h) => h())
    }
    publish()
  },
  /** The user edited their own profile: the stored user info follows, the tokens and their age stay. */
  updateUser(patch: Partial<Pick<TokenResponse, 'real_name' | 'user_name' | 'nick_name' | 'avatar'>>) {
    if (!state.user) return
    store.set('user', { ...state.user, ...patch })
    publish()
  },
  clear() {
    Cookies.remove(ACCESS)
    Cookies.remove(REFRESH)
    store.remove('user')
    store.remove('tokenTime')
    dropOfflineCopies()
    resetHooks.forEach((h) => h())
    publish()
  },
  isStudent: () => state.roles.includes('student') && state.roles.length === 1,
}

export const useSession = () => useSyncExternalStore(session.subscribe, session.get)

/** Where a user lands after signing in: students at the site root, everyone else on the welcome page. */
export const landingPath = (roles: string[]) =>
  roles.length > 0 && roles.every((r) => r === 'student') ? '/' : '/wel/index'
