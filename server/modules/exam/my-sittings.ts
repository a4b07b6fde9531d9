import { and, count, eq, type SQL } from 'drizzle-orm'
import { paperTime, paperTimeUser } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { notDeleted, ownRows } from '../../lib/tenant-rows.ts'

import { finalizeExpired, type Exam, type Sitting } from './sitting.ts'

/**
 * One page of the caller's own sittings, each with its exam. The learner's exam records and "my competitions"
 * differ only in which sittings they show, their order and the card they draw; the rest — ending sittings whose
 * time ran out first, so a stale "answering" never shows, and counting on the same join as the page — is here once.
 */
export async function mySittingsPage<T>(
  ctx: Ctx,
  query: Record<string, unknown>,
  opts: { where: SQL | undefined; order: SQL; card: (exam: Exam, sitting: Sitting) => T },
): Promise<ReturnType<typeof pageOf<T>>> {
  await finalizeExpired(ctx.db, { userId: ctx.actor.userId })
  const { current, size, offset } = parsePaging(query)
  const cond = and(ownRows(paperTimeUser, ctx), notDeleted(paperTime), opts.where)
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(paperTimeUser)
    .innerJoin(paperTime, eq(paperTime.id, paperTimeUser.paperTimeId))
    .where(cond)
  const rows = await ctx.db
    .select({ s: paperTimeUser, e: paperTime })
    .from(paperTimeUser)
    .innerJoin(paperTime, eq(paperTime.id, paperTimeUser.paperTimeId))
    .where(cond)
    .orderBy(opts.order)
    .limit(size)
    .offset(offset)
  return pageOf(
    rows.map(({ s, e }) => opts.card(e, s)),
    total,
    current,
    size,
  )
}
