import { and, inArray, type SQL } from 'drizzle-orm'
import { paperTime, paperTimeUser } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { pageRows } from '../../lib/page-query.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { notDeleted, ownRows } from '../../lib/tenant-rows.ts'

import { finalizeExpired, type Exam, type Sitting } from './sitting.ts'

/**
 * One page of the caller's own sittings, each with its exam. The learner's exam records and "my competitions"
 * differ only in which sittings they show (`sittings`: by their own columns; `exams`: by their exam's), their
 * order and the card they draw; the rest — ending sittings whose time ran out first, so a stale "answering"
 * never shows, and leaving out sittings of exams since removed — is here once. The page is of sittings alone
 * (pageRows: kept totals), their exams read for the page after.
 */
export async function mySittingsPage<T>(
  ctx: Ctx,
  query: Record<string, unknown>,
  opts: { sittings?: SQL; exams?: SQL; order: SQL; card: (exam: Exam, sitting: Sitting) => T },
): Promise<ReturnType<typeof pageOf<T>>> {
  await finalizeExpired(ctx.db, { userId: ctx.actor.userId })
  const { current, size, offset } = parsePaging(query)
  const exams = ctx.db
    .select({ id: paperTime.id })
    .from(paperTime)
    .where(and(notDeleted(paperTime), opts.exams))
  const where = and(ownRows(paperTimeUser, ctx), inArray(paperTimeUser.paperTimeId, exams), opts.sittings)
  const { rows, total } = await pageRows(ctx.db, { table: paperTimeUser, where, orderBy: [opts.order] }, size, offset)
  const ids = [...new Set(rows.map((s) => s.paperTimeId))]
  const found = ids.length ? await ctx.db.select().from(paperTime).where(inArray(paperTime.id, ids)) : []
  const examOf = new Map(found.map((e) => [e.id, e]))
  return pageOf(
    rows.filter((s) => examOf.has(s.paperTimeId)).map((s) => opts.card(examOf.get(s.paperTimeId)!, s)),
    total,
    current,
    size,
  )
}
