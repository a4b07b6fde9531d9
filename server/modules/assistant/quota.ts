import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { assistantUsage, tenant } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { ApiError } from '../../lib/errors.ts'
import { changed, first } from '../../lib/rows.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'

const QUOTA = "a school's daily question quota is counted for the school, whoever asks"

/** The quota's day: the UTC date, so every process counts into the same row. */
const today = () => new Date().toISOString().slice(0, 10)

/**
 * The caller's school's questions a day: its own (the tenant screen's licence dialog, platform administrators only),
 * else the platform's default from the model endpoint's setting.
 */
export async function quotaOf(ctx: Ctx, platformDefault: number): Promise<number> {
  const row = await first(
    ctx.db
      .select({ quota: tenant.assistantQuota })
      .from(tenant)
      .where(tenantRows(tenant, ctx.actor.tenantId, { why: QUOTA })),
  )
  return row?.quota ?? platformDefault
}

/** Questions the caller's school asked today. */
export async function askedToday(ctx: Ctx): Promise<number> {
  const row = await first(
    ctx.db
      .select({ asked: assistantUsage.asked })
      .from(assistantUsage)
      .where(and(tenantRows(assistantUsage, ctx.actor.tenantId, { why: QUOTA }), eq(assistantUsage.day, today()))),
  )
  return row?.asked ?? 0
}

/**
 * Counts one question against the school's daily quota (answering the day it counted on), or answers 429 when it is
 * spent. The database decides: one conditional update that only moves the count while it is under the quota, so
 * concurrent questions from several processes never pass it.
 */
export async function spendQuestion(ctx: Ctx, quota: number): Promise<string> {
  if (quota <= 0) throw new ApiError(429, 'assistant.noQuota')
  const day = today()
  await ctx.db.insert(assistantUsage).values({ tenantId: ctx.actor.tenantId, day, asked: 0 }).onConflictDoNothing()
  const r = await ctx.db
    .update(assistantUsage)
    .set({ asked: sql`${assistantUsage.asked} + 1` })
    .where(
      and(
        tenantRows(assistantUsage, ctx.actor.tenantId, { why: QUOTA }),
        eq(assistantUsage.day, day),
        lt(assistantUsage.asked, quota),
      ),
    )
  if (changed(r) !== 1) throw new ApiError(429, 'assistant.quota', { quota })
  return day
}

/**
 * Gives back a question the model endpoint never answered (unreachable, refused the key): the school did not get
 * what it was counted for. Counted on the day it was spent, never below zero.
 */
export async function giveBackQuestion(ctx: Ctx, day: string): Promise<void> {
  await ctx.db
    .update(assistantUsage)
    .set({ asked: sql`${assistantUsage.asked} - 1` })
    .where(
      and(
        tenantRows(assistantUsage, ctx.actor.tenantId, { why: QUOTA }),
        eq(assistantUsage.day, day),
        gt(assistantUsage.asked, 0),
      ),
    )
}
