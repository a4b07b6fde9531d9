import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * One row per sign-in. The access token names its session, so logging out
 * (revoking the row) ends the access token too, not only the refresh token.
 */
export const session = sqliteTable('blade_session', {
  id: text().primaryKey(),
  userId: text().notNull(),
  tenantId: text().notNull(),
  clientId: text().notNull(),
  /** sha256 of the current refresh token; rotated on every refresh. */
  refreshHash: text().notNull(),
  refreshExpiresAt: integer().notNull(),
  revoked: integer().notNull().default(0),
  createTime: text().notNull(),
}, (t) => [index('ix_session_refresh').on(t.refreshHash)])

export const captcha = sqliteTable('blade_captcha', {
  key: text().primaryKey(),
  code: text().notNull(),
  expiresAt: integer().notNull(),
})

/** Third-party identities; a pending one waits for a registration to be approved. */
export const userOauth = sqliteTable('blade_user_oauth', {
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
