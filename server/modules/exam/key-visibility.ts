/**
 * The one rule for answer keys on learner routes (practice, favourites, the
 * wrong-answer book, review, question details): a question on any exam of the
 * school whose results are not released (closing.ts: distributed, window
 * closed, every sitting corrected) is held — no correct flags, accepted
 * blanks, reference answer, analysis, or "was my answer right" — for every
 * caller of those routes, whether or not they sit that exam. Drafts and exams
 * still to come hold their questions too: their keys must not be known before
 * they open. A removed exam holds nothing.
 */
import { and, gte, inArray, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { paperQuestion, paperTime, paperTimeUser } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { defineMessages } from '../../lib/messages.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { formatDateTime } from '../../lib/time.ts'
import { splitIds } from './candidates.ts'
import { CORRECTED, GRACE_MS, released } from './closing.ts'

defineMessages({
  'exam.keyClosed': {
    zh: '该题属于尚未发布成绩的考试，成绩发布前不能查看答案',
    en: 'this question is on an exam whose results are not released yet: its answer stays closed until then',
  },
})

const SCHOOL_WIDE = "every exam of the school holds its questions' keys, whoever asks"

export interface KeyRule {
  /** Question ids whose key no learner may see now. */
  held: ReadonlySet<string>
  /** A condition keeping rows whose question column names no held question (for lists paged in SQL). */
  notHeld: (col: SQLiteColumn) => SQL | undefined
}

/** The papers of every exam that holds its questions now: the papers it names and the papers its sittings drew. */
async function heldPaperIds(ctx: Ctx, t: number): Promise<string[]> {
  const uncorrected =
    sql<number>`EXISTS (SELECT 1 FROM ${paperTimeUser} WHERE ${paperTimeUser.paperTimeId} = ${paperTime.id} AND ${paperTimeUser.state} < ${CORRECTED})`.mapWith(
      Number,
    ) // 0/1 on SQLite, a boolean on PostgreSQL
  // SQL narrows to exams that might hold (not distributed, recently ended or later, or uncorrected); released() decides.
  const exams = await ctx.db
    .select({
      id: paperTime.id,
      endTime: paperTime.endTime,
      distributed: paperTime.distributed,
      paperIds: paperTime.paperIds,
      uncorrected,
    })
    .from(paperTime)
    .where(
      and(
        tenantRows(paperTime, ctx.actor.tenantId, { why: SCHOOL_WIDE }),
        or(
          ne(paperTime.distributed, 1),
          gte(paperTime.endTime, formatDateTime(new Date(t - GRACE_MS - 2000))),
          sql`${uncorrected}`,
        ),
      ),
    )
  const holding = exams.filter((e) => !released(e, !e.uncorrected, t))
  const ids = new Set(holding.flatMap((e) => splitIds(e.paperIds)))
  if (holding.length) {
    const drawn = await ctx.db
      .selectDistinct({ paperId: paperTimeUser.paperId })
      .from(paperTimeUser)
      .where(
        inArray(
          paperTimeUser.paperTimeId,
          holding.map((e) => e.id),
        ),
      )
    for (const d of drawn) ids.add(d.paperId)
  }
  return [...ids]
}

/** What the caller may see of answer keys right now (read once per request). */
export async function keyRule(ctx: Ctx, t = Date.now()): Promise<KeyRule> {
  const papers = await heldPaperIds(ctx, t)
  const held = new Set(
    papers.length
      ? (
          await ctx.db
            .selectDistinct({ id: paperQuestion.questionId })
            .from(paperQuestion)
            .where(inArray(paperQuestion.paperId, papers))
        ).map((r) => r.id)
      : [],
  )
  return {
    held,
    notHeld: (col) =>
      papers.length
        ? notInArray(
            col,
            ctx.db
              .select({ id: paperQuestion.questionId })
              .from(paperQuestion)
              .where(inArray(paperQuestion.paperId, papers)),
          )
        : undefined,
  }
}

/** Which of these exams have a sitting not yet corrected (still answering, or awaiting correction). */
export async function uncorrectedAmong(ctx: Ctx, examIds: string[]): Promise<Set<string>> {
  if (!examIds.length) return new Set()
  const rows = await ctx.db
    .selectDistinct({ id: paperTimeUser.paperTimeId })
    .from(paperTimeUser)
    .where(and(inArray(paperTimeUser.paperTimeId, examIds), lt(paperTimeUser.state, CORRECTED)))
  return new Set(rows.map((r) => r.id))
}
