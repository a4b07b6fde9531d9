import { and, count, eq, ne } from 'drizzle-orm'
import { tenant, user } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { lockRows } from '../../lib/row-lock.ts'
import type { Tx } from '../../lib/transaction.ts'
import { badRequest } from '../../lib/errors.ts'
import { declareUnique } from '../../lib/unique.ts'
import { first } from '../../lib/rows.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'

const QUOTA = "a school's quota counts every account, whoever asks"

/** One live account of a name per tenant: the user screen, the CLI, registration and sign-up all check this rule. */
export const ACCOUNT_UNIQUE = declareUnique(user, 'account')

/**
 * A tenant's account limit (tenant.account_number, -1 = none) counts the
 * accounts that exist for it: pending registrations (status 0) do not, so
 * anonymous applications cannot fill a school's quota. They count once
 * approved, which is why approval checks the limit again.
 */
export async function assertQuota(db: Db, tenantId: string, adding: number, field: string): Promise<void> {
  if (adding <= 0) return
  const t = await first(
    db
      .select({ max: tenant.accountNumber })
      .from(tenant)
      .where(tenantRows(tenant, tenantId, { why: QUOTA })),
  )
  if (!t || t.max < 0) return
  const [{ n }] = await db
    .select({ n: count() })
    .from(user)
    .where(and(tenantRows(user, tenantId, { why: QUOTA }), ne(user.status, 0)))
  if (n + adding > t.max) throw badRequest('tenant.quota', { field }, field)
}

/**
 * The limit checked again inside the write's transaction, after the account was written or approved (the check
 * before it answers early but cannot hold: on PostgreSQL another process may add an account in between). The
 * tenant row is locked first, so two such transactions count one after the other and together cannot pass it.
 */
export async function assertQuotaHeld(tx: Tx, tenantId: string, field: string): Promise<void> {
  await lockRows(tx, tenant, tenantRows(tenant, tenantId, { why: QUOTA }))
  const t = await first(
    tx
      .select({ max: tenant.accountNumber })
      .from(tenant)
      .where(tenantRows(tenant, tenantId, { why: QUOTA })),
  )
  if (!t || t.max < 0) return
  const [{ n }] = await tx
    .select({ n: count() })
    .from(user)
    .where(and(tenantRows(user, tenantId, { why: QUOTA }), ne(user.status, 0)))
  if (n > t.max) throw badRequest('tenant.quota', { field }, field)
}

/** Registrations awaiting approval in a tenant. */
export async function pendingCount(db: Db, tenantId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(user)
    .where(and(tenantRows(user, tenantId, { why: QUOTA }), eq(user.status, 0)))
  return n
}
