import { index, integer, table, text, uniqueIndex } from './dialect.ts'

/**
 * A lost-password link (server/modules/mail/lost-password.ts): the mail carries a random token, this row only its
 * HMAC, so the table read by anyone does not open an account. A link works once (`usedAt`) and until `expiresAt`
 * (epoch ms); asking again replaces the user's earlier links.
 */
export const passwordReset = table(
  'blade_password_reset',
  {
    id: text().primaryKey(),
    tenantId: text().notNull(),
    userId: text().notNull(),
    /** HMAC-SHA256 (keyed by the appliance's secret) of the token in the link. */
    tokenHash: text().notNull(),
    /** Epoch ms: when it was asked for, and until when it works. */
    createdAt: integer().notNull(),
    expiresAt: integer().notNull(),
    /** Epoch ms it set a password; null while it still may. */
    usedAt: integer(),
  },
  (t) => [
    uniqueIndex('ux_password_reset_token').on(t.tokenHash),
    index('ix_password_reset_user').on(t.tenantId, t.userId),
  ],
)
