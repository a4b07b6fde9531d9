/**
 * Rendering a report: a durable job, so a restart or another process finishes what was asked. It reads the exam or
 * course within the report's school (the requester's scope was checked when it was asked for), writes the file in
 * the requester's language into the school's file store as the requester's private file, and marks the report
 * ready — only if it is still waiting and not removed meanwhile, else the file goes again.
 */
import { mkdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { course, paperTime, report } from '../../../db/schema/index.ts'
import { makeCtx, systemActor, type Ctx } from '../../lib/context.ts'
import type { Db } from '../../lib/db.ts'
import { defineJob, PermanentJobError } from '../../lib/jobs.ts'
import { changed, first } from '../../lib/rows.ts'
import { notDeleted, tenantRows } from '../../lib/tenant-rows.ts'
import { formatDateTime, now } from '../../lib/time.ts'
import { courseProgress } from '../course/overview.ts'
import { examResults } from './exam-results.ts'
import { courseProgressDocument, examResultsDocument, type ReportDocument } from './report-document.ts'
import { dropStoredFile, reportFiles } from './report-files.ts'
import { renderPdf, renderXlsx } from './render.ts'

export const REPORT_JOB = 'report.render'

/** report.state */
export const REPORT_STATE = { queued: 0, ready: 1, failed: 2 } as const

type Report = typeof report.$inferSelect
const WHY = 'a report is rendered for the school that asked for it; the requester was scoped when asking'

async function documentOf(r: Report, ctx: Ctx): Promise<ReportDocument> {
  const at = formatDateTime(new Date())
  if (r.kind === 'examResults') {
    const exam = await first(
      ctx.db
        .select()
        .from(paperTime)
        .where(and(tenantRows(paperTime, r.tenantId, { why: WHY }), eq(paperTime.id, r.subjectId))),
    )
    if (!exam) throw new PermanentJobError('the exam is gone')
    return examResultsDocument(ctx.lang, await examResults(ctx, exam), at)
  }
  const row = await first(
    ctx.db
      .select()
      .from(course)
      .where(and(tenantRows(course, r.tenantId, { why: WHY }), eq(course.id, r.subjectId))),
  )
  if (!row) throw new PermanentJobError('the course is gone')
  return courseProgressDocument(ctx.lang, await courseProgress(ctx, row), at)
}

async function render(r: Report, db: Db): Promise<void> {
  const files = reportFiles(db)
  // The stored file is the requester's own: they read it with their token, others through the list's signed link.
  const ctx = makeCtx(
    db,
    { ...systemActor(r.tenantId), userId: r.createUser ?? '0', deptIds: r.createDept ? [r.createDept] : [] },
    r.lang === 'en' ? 'en' : 'zh',
  )
  const doc = await documentOf(r, ctx)
  const bytes = r.format === 'pdf' ? await renderPdf(doc) : await renderXlsx(doc)
  await mkdir(files.tmpDir, { recursive: true })
  const tmp = join(files.tmpDir, `report-${r.id}.${r.format}`)
  await Bun.write(tmp, bytes)
  let stored
  try {
    stored = await files.storeTemp(ctx, tmp, {
      ext: r.format,
      size: bytes.length,
      originalName: `${r.name}.${r.format}`,
      kind: 'report',
      isPublic: false,
    })
  } finally {
    await unlink(tmp).catch(() => {})
  }
  const done = changed(
    await db
      .update(report)
      .set({ state: REPORT_STATE.ready, fileLink: stored.link, fileSize: bytes.length, error: null, updateTime: now() })
      .where(and(eq(report.id, r.id), eq(report.state, REPORT_STATE.queued), notDeleted(report))),
  )
  if (!done) await dropStoredFile(db, stored.link)
}

defineJob<{ id: string }>(REPORT_JOB, async (job) => {
  const r = await first(
    job.db
      .select()
      .from(report)
      .where(and(eq(report.id, job.payload.id), eq(report.state, REPORT_STATE.queued), notDeleted(report))),
  )
  if (!r) return
  try {
    await render(r, job.db)
  } catch (e) {
    // The list shows why once no retry follows.
    if (job.lastAttempt || e instanceof PermanentJobError)
      await job.db
        .update(report)
        .set({ state: REPORT_STATE.failed, error: String((e as Error).message).slice(0, 500), updateTime: now() })
        .where(and(eq(report.id, r.id), eq(report.state, REPORT_STATE.queued)))
    throw e
  }
})
