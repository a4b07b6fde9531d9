/**
 * What every job passes through (jobs.ts), compiled once per database (prepared.ts): a claim and a finish a job, and
 * building them anew cost more than running them (the outbox sends a job a message).
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { job } from '../../db/schema/index.ts'
import { schemaEngine } from '../../db/schema/dialect.ts'
import type { Db } from './db.ts'
import { bound, listParam, prepared } from './prepared.ts'

export const jobStatements = (db: Db) =>
  prepared(db, 'jobs.runner', (d) => {
    const t = sql.placeholder('t')
    // No lease at all: left running by a version before leases (the upgrade's restart ended it).
    const abandoned = and(eq(job.state, 'running'), or(isNull(job.leaseUntil), lt(job.leaseUntil, t)))
    const due = and(eq(job.state, 'queued'), lte(job.runAfter, t))
    /** The first `limit` claimable jobs of the kinds asked for, in the queue's order (ix_job_pick). */
    const first = (claimable: SQL | undefined, limit: number | ReturnType<typeof sql.placeholder>) =>
      d
        .select({ id: job.id })
        .from(job)
        .where(and(claimable, inArray(job.kind, listParam('kinds'))))
        .orderBy(asc(job.runAfter), asc(job.id))
        .limit(limit)
    const leased = (attempts: SQL) => ({
      state: 'running',
      attempts,
      leaseOwner: bound('owner'),
      leaseUntil: bound('until'),
      updateTime: bound('stamp'),
    })
    const take = (claimable: SQL | undefined) =>
      d
        .update(job)
        // Taking over a dead process's job does not use up an attempt (as a restart did not).
        .set(leased(sql`case when ${job.state} = 'running' then ${job.attempts} else ${job.attempts} + 1 end`))
        // `id = (…)`, not `id IN (…)`: with IN, SQLite served the outer condition from ix_job_pick and walked
        // every due job again (72 µs a claim at 2,000 queued); the scalar sub-select goes by the primary key.
        .where(and(eq(job.id, sql`(${first(claimable, 1)})`), claimable))
        .returning()
        .prepare()
    // The rows' own check again; on SQLite written with unary `+` (see claimDueMany), which PostgreSQL has no use for
    // (nor, on text, an operator).
    const dueToo = schemaEngine === 'postgres' ? due : sql`+${job.state} = 'queued' and +${job.runAfter} <= ${t}`
    return {
      claimAbandoned: take(abandoned),
      claimDue: take(due),
      /**
       * Up to `n` due jobs in one statement (a kind with prefetch). The outer check on the rows themselves is written
       * with unary `+` on SQLite, so it looks the ids up by the primary key instead of walking ix_job_pick again.
       */
      claimDueMany: d
        .update(job)
        .set(leased(sql`${job.attempts} + 1`))
        .where(and(inArray(job.id, first(due, sql.placeholder('n'))), dueToo))
        .returning()
        .prepare(),
      finish: d
        .update(job)
        .set({
          state: 'done',
          progress: 100,
          lastError: null,
          leaseOwner: null,
          leaseUntil: null,
          updateTime: bound('stamp'),
        })
        .where(
          and(
            eq(job.id, sql.placeholder('id')),
            eq(job.state, 'running'),
            eq(job.leaseOwner, sql.placeholder('owner')),
          ),
        )
        .prepare(),
    }
  })
