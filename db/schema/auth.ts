import { index, integer, table, text, uniqueIndex } from './dialect.ts'

/**
 * One row per sign-in. The access token names its session, so logging out
 * (revoking the row) ends the access token too, not only the refresh token.
 */
export const session = table(
  'blade_session',
  {
    id: text().primaryKey(),
    userId: text().notNull(),
    tenantId: text().notNull(),
    clientId: text().notNull(),
    /** sha256 of the current refresh token; rotated on every refresh. */
    refreshHash: text().notNull(),
    refreshExpiresAt: integer().notNull(),
    revoked: integer().notNull().default(0),
    createTime: text().notNull(),
    /** The roles and departments this sign-in acts with (comma-joined), read per request instead of trusting the token. */
    roleIds: text().notNull().default(''),
    deptIds: text().notNull().default(''),
    /** Epoch seconds after which no refresh extends the session, however often it is refreshed. */
    absoluteExpiresAt: integer().notNull().default(0),
  },
  (t) => [index('ix_session_refresh').on(t.refreshHash), index('ix_session_user').on(t.userId)],
)

/** Refresh tokens already rotated away: presenting one again means it leaked, and ends its session. */
export const sessionSpent = table('blade_session_spent', {
  refreshHash: text().primaryKey(),
  sessionId: text().notNull(),
  expiresAt: integer().notNull(),
})

/**
 * Fixed-window counters for throttles (sign-in failures per IP and per
 * account+IP, registrations and captchas per IP): in the database, so every
 * process sees the same counts and a restart forgets nothing.
 */
export const throttle = table(
  'blade_throttle',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    windowEnds: integer().notNull(),
  },
  (t) => [index('ix_throttle_window').on(t.windowEnds)],
)

export const captcha = table('blade_captcha', {
  key: text().primaryKey(),
  code: text().notNull(),
  expiresAt: integer().notNull(),
})

/**
 * Verification codes sent by SMS (portal sign-up): one live code per phone, school and purpose, in the database so
 * every process knows it and a restart forgets nothing. Only an HMAC of the code is kept; a guess takes one attempt
 * in a conditional update, and the code is spent by another (consumed once, however many processes try).
 */
export const smsCode = table(
  'blade_sms_code',
  {
    id: text().primaryKey(),
    tenantId: text().notNull(),
    phone: text().notNull(),
    /** What the code proves, e.g. 'signUp'. */
    purpose: text().notNull(),
    /** HMAC-SHA256 (keyed by the appliance's secret) of tenant, purpose, phone and code. */
    codeHash: text().notNull(),
    /** Epoch ms: when it was sent (the resend limit) and until when it verifies. */
    sentAt: integer().notNull(),
    expiresAt: integer().notNull(),
    attempts: integer().notNull().default(0),
    consumed: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('ux_sms_code').on(t.tenantId, t.phone, t.purpose), index('ix_sms_code_expires').on(t.expiresAt)],
)

/** Third-party identities; a pending one waits for a registration to be approved. */
export const userOauth = table('blade_user_oauth', {
  id: text().primaryKey(),
  tenantId: text().notNull(),
  uuid: text().notNull(),
  userId: text(),
  source: text().notNull(),
  username: text(),
  nickname: text(),
  avatar: text(),
  email: text(),
  createTime: text(),
})
