import { and, asc, count, eq, gt, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import { schemaEngine } from '../../../../db/schema/dialect.ts'
import { userContainer } from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import { ApiError } from '../../../lib/errors.ts'
import { newId } from '../../../lib/ids.ts'
import { changed, first } from '../../../lib/rows.ts'
import { now } from '../../../lib/time.ts'
import { withTransaction, type Tx } from '../../../lib/transaction.ts'
import { L, at } from './names.ts'
import type { ExperimentRow, ImageRow, LabKit, LabRow } from './lab-kit.ts'
import { notDeleted, tenantRows } from '../../../lib/tenant-rows.ts'

/**
 * The learner's lab of this experiment is already claimed, or their queued place was just taken, by another
 * process's open (issue #27): wait for that one. `row` is the claim found, when there is one.
 */
export class AlreadyClaimed extends Error {
  constructor(readonly row?: LabRow) {
    super('lab already claimed')
  }
}

/** The key of the claims' PostgreSQL advisory lock ('labs'); migrations.ts holds another ('atri'). */
const CLAIM_LOCK = 0x6c616273

/**
 * Makes claims take turns, in every process on the database, until the transaction ends; called first in it.
 * PostgreSQL: a transaction-scoped advisory lock. Not a row lock: the places counted are the appliance's over
 * every school and engine, and no single row stands for them (the local engine has no lab_host row). SQLite:
 * nothing to do, withTransaction begins IMMEDIATE and already holds the file's write lock.
 */
async function takeClaimTurn(tx: Tx): Promise<void> {
  if (schemaEngine !== 'postgres') return
  // drizzle's PostgreSQL transaction (not the connection: dbEngine, hence runSql, does not know it).
  const pg = tx as unknown as { execute: (q: SQL) => Promise<unknown> }
  await pg.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(CLAIM_LOCK))})`)
}

/**
 * Takes a running place for the caller, or a place in line. Runs as one
 * transaction taking its turn first (takeClaimTurn: on SQLite the write lock
 * from its start, IMMEDIATE; on PostgreSQL an advisory lock), so every count
 * below sees the claims committed before it: two learners cannot take the
 * last place and two processes cannot both claim one learner's lab: the
 * second finds the first's running row and gets AlreadyClaimed; a queued row
 * becomes running only while it is still queued.
 * The line is fair: a queued learner gets a freed place only when fewer
 * learners queued before them than there are free places.
 */
export async function reserveSlot(labs: LabKit, ctx: Ctx, exp: ExperimentRow, image: ImageRow): Promise<LabRow> {
  const { tenantId, userId } = ctx.actor
  const stamp = now()
  // Read before the transaction: the engines' capacity comes from their rows and probes, not from inside the claim.
  const maxRunning = await labs.capacity()
  const result = await withTransaction(ctx.db, async (tx) => {
    await takeClaimTurn(tx)
    const claimed = await first(
      tx
        .select()
        .from(userContainer)
        .where(
          and(
            tenantRows(userContainer, tenantId, { why: "the caller's own lab, looked up inside the claim" }),
            eq(userContainer.userId, userId),
            eq(userContainer.experimentId, exp.id),
            eq(userContainer.state, 'running'),
            notDeleted(userContainer),
          ),
        ),
    )
    if (claimed) return { claimed: claimed as LabRow }
    const running = async (where = eq(userContainer.state, 'running')) =>
      (await first(
        tx
          .select({ n: count() })
          .from(userContainer)
          .where(and(where, notDeleted(userContainer), holdsPlace(labs))),
      ))!.n
    const hostRunning = await running()
    const tenantRunning = await running(
      and(
        eq(userContainer.state, 'running'),
        tenantRows(userContainer, tenantId, { why: "a school's quota counts every lab it runs" }),
      ),
    )

    const queued = await tx
      .select()
      .from(userContainer)
      .where(and(eq(userContainer.state, 'queued'), notDeleted(userContainer)))
      .orderBy(asc(userContainer.id))
    let mine = queued.find((q) => q.tenantId === tenantId && q.userId === userId && q.experimentId === exp.id)
    const ahead = mine ? queued.filter((q) => q.id < mine!.id) : queued
    const aheadInTenant = ahead.filter((q) => q.tenantId === tenantId)
    const hostFree = maxRunning - hostRunning - ahead.length
    const tenantFree = labs.settings.maxPerTenant - tenantRunning - aheadInTenant.length
    if (hostFree > 0 && tenantFree > 0) {
      if (mine) {
        const won = await tx
          .update(userContainer)
          .set({ state: 'running', lastActive: stamp, updateTime: stamp })
          .where(and(eq(userContainer.id, mine.id), eq(userContainer.state, 'queued')))
        // Another process took this queued place (its open claims it) or it was given up meanwhile.
        if (!changed(won)) return { lost: true as const }
      } else {
        mine = { id: newId() } as LabRow
        await tx.insert(userContainer).values({
          id: mine.id,
          tenantId,
          experimentId: exp.id,
          userId,
          imageRowId: image.id,
          state: 'running',
          lastActive: stamp,
          createUser: userId,
          createDept: ctx.actor.deptIds[0] ?? null,
          createTime: stamp,
          updateUser: userId,
          updateTime: stamp,
        })
      }
      return { row: (await first(tx.select().from(userContainer).where(eq(userContainer.id, mine.id)))) as LabRow }
    }
    // In line: the row keeps the place; each retry refreshes lastActive so a learner who left loses it (reaper).
    if (mine) await tx.update(userContainer).set({ lastActive: stamp }).where(eq(userContainer.id, mine.id))
    else
      await tx.insert(userContainer).values({
        id: newId(),
        tenantId,
        experimentId: exp.id,
        userId,
        imageRowId: image.id,
        state: 'queued',
        lastActive: stamp,
        createUser: userId,
        createTime: stamp,
        updateUser: userId,
        updateTime: stamp,
      })
    const tenantLimited = tenantFree <= 0 && hostFree > 0
    return {
      full: {
        place: (tenantLimited ? aheadInTenant.length : ahead.length) + 1,
        ahead: tenantLimited ? aheadInTenant.length : ahead.length,
        tenantLimited,
      },
    }
  })
  if ('lost' in result) throw new AlreadyClaimed()
  if ('claimed' in result) throw new AlreadyClaimed(result.claimed)
  if ('row' in result && result.row) return result.row as LabRow
  const { place, ahead, tenantLimited } = (result as { full: { place: number; ahead: number; tenantLimited: boolean } })
    .full
  throw tenantLimited
    ? new ApiError(429, 'lab.tenantFull', { max: labs.settings.maxPerTenant, place })
    : new ApiError(429, 'lab.full', { ahead, place })
}

/** A row claimed for an open but still without a container. */
export const unstarted = () => or(isNull(userContainer.containerId), eq(userContainer.containerId, ''))!

/**
 * Whether a running row holds a quota place: it has a container, or its open claimed it within the start timeout.
 * A claim a crash cut short stops counting by itself, before any pass ends it.
 */
export function holdsPlace(labs: LabKit): SQL {
  const since = at(Date.now() - labs.settings.startTimeoutSeconds * 1000)
  // ne() is false for NULL as well as for '': only a real container id passes it.
  return or(ne(userContainer.containerId, ''), gt(userContainer.lastActive, since))!
}

/**
 * Ends running rows claimed before `before` (ms) that never got a container: their open died with a crashed
 * process (or gave up). A container the open had already made carries the row's label and goes with it, so
 * rows and the engine agree. Answers how many rows ended.
 */
export async function endUnstarted(labs: LabKit, before: number): Promise<number> {
  const rows = await labs.db
    .select()
    .from(userContainer)
    .where(
      and(
        eq(userContainer.state, 'running'),
        notDeleted(userContainer),
        unstarted(),
        or(isNull(userContainer.lastActive), lt(userContainer.lastActive, at(before))),
      ),
    )
  for (const row of rows) {
    for (const c of await labs.host.list({ [L.appliance]: labs.applianceId, [L.lab]: row.id })) {
      const info = await labs.host.inspect(c.id)
      await labs.host.remove(c.id)
      if (info?.networkMode.startsWith('atrium-net-')) await labs.host.removeNetwork(info.networkMode)
    }
    // Conditional: an open that finished meanwhile (its row now names a container) keeps its lab.
    await labs.db
      .update(userContainer)
      .set({ state: 'ended', endReason: 'interrupted', endTime: now(), updateTime: now() })
      .where(and(eq(userContainer.id, row.id), eq(userContainer.state, 'running'), unstarted()))
  }
  if (rows.length) labs.log.info({ rows: rows.length }, 'lab claims without a container ended')
  return rows.length
}

/** Queue places whose learner stopped asking are given up. */
export async function dropStaleQueue(labs: LabKit): Promise<void> {
  const before = at(Date.now() - labs.settings.queueStaleSeconds * 1000)
  await labs.db
    .update(userContainer)
    .set({ state: 'ended', endReason: 'left-queue', endTime: now() })
    .where(and(eq(userContainer.state, 'queued'), lt(userContainer.lastActive, before)))
}
