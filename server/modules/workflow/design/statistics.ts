import { and, count, eq, gte, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import { wfDeployment, wfInstance, wfTask } from '../../../../db/schema/workflow.ts'
import type { Ctx } from '../../../lib/context.ts'
import { scope } from '../../../lib/scope.ts'
import { formatDateTime, now } from '../../../lib/time.ts'

/*
 * Workflow statistics (blade-workflow/design/statistics): instances started and finished and tasks overdue, per
 * process and per month, counted in SQL over the runtime's rows (blade_wf_instance, blade_wf_task).
 */

const SCHOOL = { dataScope: false as const, why: 'statistics count every process of the school' }

/** A task is overdue when it ended after its due time, or is still open past it. */
const overdue = (at: string): SQL =>
  and(
    isNotNull(wfTask.dueTime),
    or(
      and(isNotNull(wfTask.endTime), sql`${wfTask.endTime} > ${wfTask.dueTime}`),
      and(eq(wfTask.status, 'todo'), sql`${wfTask.dueTime} < ${at}`),
    ),
  )!

const ENDED = ['finished', 'terminated']

/** Per process (key): started, running, finished instances and overdue tasks; with the school's totals. */
export async function deploymentStatistics(ctx: Ctx) {
  const at = now()
  const instances = await ctx.db
    .select({
      processKey: wfInstance.processKey,
      status: wfInstance.status,
      n: count(),
    })
    .from(wfInstance)
    .where(await scope(wfInstance, ctx, SCHOOL))
    .groupBy(wfInstance.processKey, wfInstance.status)
  const late = await ctx.db
    .select({ processKey: wfInstance.processKey, n: count() })
    .from(wfTask)
    .innerJoin(wfInstance, eq(wfInstance.id, wfTask.instanceId))
    .where(and(await scope(wfInstance, ctx, SCHOOL), overdue(at)))
    .groupBy(wfInstance.processKey)
  // Named by the main version's deployment (the name new starts show).
  const names = await ctx.db
    .select({ processKey: wfDeployment.processKey, name: wfDeployment.name })
    .from(wfDeployment)
    .where(and(await scope(wfDeployment, ctx, SCHOOL), eq(wfDeployment.mainVersion, 1)))
  const byKey = new Map<
    string,
    { processKey: string; name: string; started: number; running: number; finished: number; overdue: number }
  >()
  const entry = (key: string) => {
    let e = byKey.get(key)
    if (!e) byKey.set(key, (e = { processKey: key, name: key, started: 0, running: 0, finished: 0, overdue: 0 }))
    return e
  }
  for (const r of instances) {
    const e = entry(r.processKey)
    const n = Number(r.n)
    e.started += n
    if (ENDED.includes(r.status)) e.finished += n
    else e.running += n
  }
  for (const r of late) entry(r.processKey).overdue += Number(r.n)
  for (const r of names) if (byKey.has(r.processKey)) entry(r.processKey).name = r.name
  const processes = [...byKey.values()].sort((a, b) => b.started - a.started)
  const total = processes.reduce(
    (t, p) => ({
      started: t.started + p.started,
      running: t.running + p.running,
      finished: t.finished + p.finished,
      overdue: t.overdue + p.overdue,
    }),
    { started: 0, running: 0, finished: 0, overdue: 0 },
  )
  return { total, processes }
}

/** The last `months` months (this one included): instances started and finished and tasks overdue in each. */
export async function monthlyStatistics(ctx: Ctx, months: number) {
  const today = new Date()
  const labels: string[] = []
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(today.getFullYear(), today.getMonth() - i, 1)
    labels.push(formatDateTime(d).slice(0, 7))
  }
  const from = `${labels[0]}-01 00:00:00`
  const month = (col: SQL | typeof wfInstance.startTime) => sql<string>`substr(${col}, 1, 7)`
  const school = await scope(wfInstance, ctx, SCHOOL)
  const started = await ctx.db
    .select({ m: month(wfInstance.startTime), n: count() })
    .from(wfInstance)
    .where(and(school, gte(wfInstance.startTime, from)))
    .groupBy(month(wfInstance.startTime))
  const finished = await ctx.db
    .select({ m: month(sql`${wfInstance.endTime}`), n: count() })
    .from(wfInstance)
    .where(and(school, inArray(wfInstance.status, ENDED), gte(wfInstance.endTime, from)))
    .groupBy(month(sql`${wfInstance.endTime}`))
  const late = await ctx.db
    .select({ m: month(sql`${wfTask.dueTime}`), n: count() })
    .from(wfTask)
    .innerJoin(wfInstance, eq(wfInstance.id, wfTask.instanceId))
    .where(and(school, overdue(now()), gte(wfTask.dueTime, from)))
    .groupBy(month(sql`${wfTask.dueTime}`))
  const series = (rows: { m: string; n: number }[]) => {
    const byMonth = new Map(rows.map((r) => [r.m, Number(r.n)]))
    return labels.map((m) => byMonth.get(m) ?? 0)
  }
  return { months: labels, started: series(started), finished: series(finished), overdue: series(late) }
}
