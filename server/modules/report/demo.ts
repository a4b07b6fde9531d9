import { and, eq } from 'drizzle-orm'
import { paperTime, report } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { enqueue } from '../../lib/jobs.ts'
import { SYSTEM_USER } from '../../lib/reference/system-user.ts'
import { first } from '../../lib/rows.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { REPORT_JOB, REPORT_STATE } from './report-job.ts'

const DEMO = 'the demo report is asked for once for a new school, by the system'

/**
 * First start: the demo exam's results as a PDF, asked for in the demo teacher's name (after the demo exam), so the
 * reports screen shows a real file once the job runner has rendered it.
 */
export async function seedDemoReport(db: Db, tenantId = '000000') {
  const exam = await first(
    db
      .select({ id: paperTime.id, title: paperTime.title, owner: paperTime.createUser })
      .from(paperTime)
      .where(and(tenantRows(paperTime, tenantId, { why: DEMO }), eq(paperTime.title, '网络基础期中考试'))),
  )
  if (!exam) return
  const id = newId()
  const stamp = now()
  await withTransaction(db, async (tx) => {
    await tx.insert(report).values({
      id,
      tenantId,
      createUser: exam.owner ?? SYSTEM_USER,
      createTime: stamp,
      updateUser: SYSTEM_USER,
      updateTime: stamp,
      name: `考试成绩报告：${exam.title}`,
      kind: 'examResults',
      format: 'pdf',
      subjectId: exam.id,
      lang: 'zh',
      state: REPORT_STATE.queued,
    })
    await enqueue(tx, REPORT_JOB, { id }, { tenantId, ref: id })
  })
}
