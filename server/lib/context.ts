import type { Logger } from 'pino'
import type { Config } from './config.ts'
import type { Db } from './db.ts'
import type { Lang } from './messages.ts'

/** Who is acting. Routes get it from the token; the CLI, jobs and the broker use systemActor(). */
export interface Actor {
  kind: 'user' | 'system' | 'anonymous'
  userId: string
  tenantId: string
  account: string
  deptIds: string[]
  roleIds: string[]
  sessionId?: string
  clientId?: string
  /** Set when a token was sent but is invalid, expired or revoked: answer 401, not 403 (a message key names a known cause). */
  tokenError?: boolean | 'auth.tenantExpired'
}

/** What every operation receives: the database, the actor and the language to answer in. */
export interface Ctx {
  db: Db
  actor: Actor
  lang: Lang
  /** Memo for per-request look-ups (permission codes, role aliases, data scopes). */
  memo: Map<string, unknown>
}

/**
 * The long-lived parts the app is built from (DESIGN: app.ts has no side
 * effects, main.ts makes these). lib is the bottom floor and imports no area
 * (issue #26): the lab host and the broker add their members to this
 * interface from server/services.ts, so every holder of Services sees them
 * typed while lib loads neither.
 */
export interface Services {
  /** Distinguishes one built app from another (plugin de-duplication is keyed on it). */
  id: string
  db: Db
  config: Config
  log: Logger
  /** HMAC secret for access tokens, generated on first start and kept in the data directory. */
  jwtSecret: string
  /** The embedded broker's state for /api/health, once main.ts has started it. */
  broker?: () => string
}

export const anonymous = (tenantId = '000000'): Actor => ({
  kind: 'anonymous',
  userId: '',
  tenantId,
  account: '',
  deptIds: [],
  roleIds: [],
})

export const systemActor = (tenantId = '000000'): Actor => ({
  kind: 'system',
  userId: '0',
  tenantId,
  account: 'system',
  deptIds: [],
  roleIds: [],
})

export const makeCtx = (db: Db, actor: Actor, lang: Lang = 'zh'): Ctx => ({ db, actor, lang, memo: new Map() })

export async function memo<T>(ctx: Ctx, key: string, load: () => Promise<T> | T): Promise<T> {
  if (!ctx.memo.has(key)) ctx.memo.set(key, await load())
  return ctx.memo.get(key) as T
}
