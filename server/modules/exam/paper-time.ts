import { and, count, eq, inArray, isNotNull } from 'drizzle-orm'
import { paperTime, paperTimeUser } from '../../../db/schema/index.ts'
import { paperTimeFields } from '../../../db/fields/exam.ts'
import type { Ctx } from '../../lib/context.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { first } from '../../lib/rows.ts'
import { defineResource } from '../../lib/resource.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'
import { candidateIds, splitIds } from './candidates.ts'
import { paperResource } from './paper.ts'
import { examGroupResource } from './exam-group.ts'
import { finalizeExpired, type Exam } from './sitting.ts'
import { resultActions } from './exam-marking.ts'
import { ANSWERING, SUBMITTED, windowClosed } from './closing.ts'
import { now } from '../../lib/time.ts'
import { lockRows } from '../../lib/row-lock.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { mailUsers } from '../mail/appliance-mail.ts'
import { RESULTS_RELEASED } from '../mail/appliance-templates.ts'

defineMessages({
  'exam.startTime': { zh: '请选择开始时间', en: 'please choose the start time' },
  'exam.endTime': { zh: '结束时间必须晚于开始时间', en: 'the end time must be after the start time' },
  'exam.paperIds': { zh: '请选择试卷（本租户的试卷）', en: 'please choose the papers (papers of this tenant)' },
  'exam.duration': { zh: '考试时长必须是 1 到 1440 分钟', en: 'the duration must be 1 to 1440 minutes' },
  'exam.groupIds': { zh: '考试分组无效', en: 'invalid exam groups' },
  'exam.stillOpen': {
    zh: '考试尚未结束（还有考生可以作答），结束后才能发布成绩',
    en: 'the exam is not over yet (candidates can still answer): distribute results once it has ended',
  },
})

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/

/** Every id of a comma list must name a live row of the caller's tenant. */
async function allInScope(ctx: Ctx, res: typeof paperResource | typeof examGroupResource, ids: string[]) {
  const table = res.options.table
  if (!ids.length) return true
  if (ids.some((id) => !/^\d{1,20}$/.test(id))) return false
  const rows = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(await res.scope(ctx), inArray(table.id, ids)))
  return rows.length === new Set(ids).size
}

/** Exams (paper time): window, duration, papers drawn per candidate, candidates from groups and classes. */
export const paperTimeResource = defineResource({
  table: paperTime,
  path: '/api/hm-paperTime/paperTime',
  code: 'exam:paperTime',
  search: ['title'],
  filters: ['category', 'distributed'],
  dates: ['startTime', 'createTime'],
  fields: paperTimeFields,
  actions: {
    // Scores (and, with them, the exam's answer key: key-visibility.ts) become visible to learners once the exam is
    // closed — the same notion the save path uses — and no submitted sitting waits for correction (POST ?id=).
    distributeResults: {
      button: 'distribute',
      target: { one: 'id' },
      verb: 'detail',
      run: async (ctx, { rows: [exam] }) => {
        await finalizeExpired(ctx.db, { examId: exam.id })
        // Checked and written in one transaction holding the exam's row: an edit of its window (another request,
        // another process) waits, so results are never released for a window reopened in between.
        const released = await withTransaction(ctx.db, async (tx) => {
          await lockRows(tx, paperTime, eq(paperTime.id, exam.id))
          const current = (await first(tx.select().from(paperTime).where(eq(paperTime.id, exam.id)))) ?? exam
          const sittings = async (state: number) =>
            (
              await first(
                tx
                  .select({ n: count() })
                  .from(paperTimeUser)
                  .where(and(eq(paperTimeUser.paperTimeId, exam.id), eq(paperTimeUser.state, state))),
              )
            )?.n ?? 0
          // Sittings still answering after the sweep still take answers (an end moved earlier leaves their deadline).
          if (!windowClosed(current) || (await sittings(ANSWERING))) throw new ApiError(409, 'exam.stillOpen')
          const n = await sittings(SUBMITTED)
          if (n) throw new ApiError(409, 'exam.uncorrected', { n })
          await tx
            .update(paperTime)
            .set({ distributed: 1, distributeTime: now(), updateUser: ctx.actor.userId, updateTime: now() })
            .where(eq(paperTime.id, exam.id))
          // Released now, not again: a repeated release tells nobody twice.
          return current.distributed !== 1
        })
        if (released) await mailResults(ctx, exam)
        return true
      },
    },
    // The candidates' sittings, correction and statistics, reached through their exam (exam-marking.ts).
    ...resultActions(managedExam),
  },
  async beforeWrite(ctx, w) {
    if (w.op === 'remove') return
    const v = { ...(w.before[0] ?? {}), ...w.values } as typeof paperTime.$inferSelect
    if (!DATE_TIME.test(v.startTime)) throw badRequest('exam.startTime', { field: 'startTime' }, 'startTime')
    if (!DATE_TIME.test(v.endTime) || v.endTime <= v.startTime)
      throw badRequest('exam.endTime', { field: 'endTime' }, 'endTime')
    if (!Number.isInteger(v.duration ?? 60) || (v.duration ?? 60) < 1 || (v.duration ?? 60) > 1440)
      throw badRequest('exam.duration', { field: 'duration' }, 'duration')
    const paperIds = splitIds(v.paperIds)
    if (!paperIds.length || !(await allInScope(ctx, paperResource, paperIds)))
      throw badRequest('exam.paperIds', { field: 'paperIds' }, 'paperIds')
    if (!(await allInScope(ctx, examGroupResource, splitIds(v.groupIds))))
      throw badRequest('exam.groupIds', { field: 'groupIds' }, 'groupIds')
    w.values.paperIds = paperIds.join(',')
    if (w.values.content) w.values.content = sanitizeRichText('examNotice', String(w.values.content))
    const ids = await candidateIds(ctx.db, { tenantId: ctx.actor.tenantId, groupIds: v.groupIds, classIds: v.classIds })
    w.values.candidatesNumber = ids?.size ?? 0
  },
})

/** Each candidate with a score gets the school's results mail (sent only when the school has a mail account). */
async function mailResults(ctx: Ctx, exam: Exam) {
  const scored = await ctx.db
    .select({ userId: paperTimeUser.userId, score: paperTimeUser.score })
    .from(paperTimeUser)
    .where(and(eq(paperTimeUser.paperTimeId, exam.id), isNotNull(paperTimeUser.score)))
  await mailUsers(ctx.db, {
    actor: ctx.actor,
    code: RESULTS_RELEASED,
    lang: ctx.lang,
    to: scored.map((r) => ({ userId: r.userId, values: { exam: exam.title, score: r.score } })),
  })
}

/** An exam the caller may manage (the exam detail's code, tenant and data scope; 404 otherwise), its expired sittings swept. */
async function managedExam(ctx: Ctx, id: string | undefined): Promise<Exam> {
  const exam = await paperTimeResource.ops.detail(ctx, id)
  await finalizeExpired(ctx.db, { examId: exam.id })
  return exam
}
