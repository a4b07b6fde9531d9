import { and, desc, eq, isNotNull, isNull, ne, or } from 'drizzle-orm'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { experiment, experimentUser, labImage, userContainer } from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import { ApiError, notFound } from '../../../lib/errors.ts'
import { isId } from '../../../lib/ids.ts'
import { permissionCodes } from '../../../lib/permissions.ts'
import { badRequest } from '../../../lib/errors.ts'
import { first, changed } from '../../../lib/rows.ts'
import { uniqueConflict } from '../../../lib/unique.ts'
import { now } from '../../../lib/time.ts'
import { packFolder } from './archive.ts'
import { L, at, labName, msOf, networkName, volumeName } from './names.ts'
import { fitsPolicy, hostOptions, readLabPolicy } from './policy.ts'
import { AlreadyClaimed, reserveSlot } from './quota.ts'
import type { ExperimentRow, ImageRow, LabKit, LabRow } from './lab-kit.ts'
import { requireWorkspaceFits } from './workspace.ts'
import { ownRows, publicRows, tenantRows } from '../../../lib/tenant-rows.ts'

/** What the page needs about the learner's lab. */
export interface LabView {
  id: string
  experimentId: string
  containerId: string
  state: string
  startTime: string | null
  expireTime: string | null
  /** Seconds left before the reaper stops it. */
  remainingSeconds: number
  renewals: number
  maxRenewals: number
  service: string
  codePath: string
}

/** Staff who may watch a learner's lab read-only (and stop it). */
export const STAFF_CODE = 'lab:running'

export function viewOf(row: LabRow, exp: ExperimentRow, image: ImageRow): LabView {
  return {
    id: row.id,
    experimentId: row.experimentId,
    containerId: row.containerId ?? '',
    state: row.state,
    startTime: row.startTime,
    expireTime: row.expireTime,
    remainingSeconds: Math.max(0, Math.round((msOf(row.expireTime) - Date.now()) / 1000)),
    renewals: row.renewals,
    maxRenewals: exp.maxRenewals,
    service: image.service,
    codePath: image.codePath,
  }
}

/** The experiment in the caller's tenant, with its image; 404 otherwise. */
export async function experimentOf(ctx: Ctx, experimentId: unknown): Promise<{ exp: ExperimentRow; image: ImageRow }> {
  if (!isId(experimentId)) throw badRequest('validation.id', { field: 'experimentId' }, 'experimentId')
  const exp = await first(
    ctx.db
      .select()
      .from(experiment)
      .where(
        and(
          eq(experiment.id, experimentId),
          publicRows(experiment, ctx.actor.tenantId, { why: 'enrolment or a staff code decides who opens it (next)' }),
        ),
      ),
  )
  if (!exp) throw notFound()
  const image = await first(
    ctx.db
      .select()
      .from(labImage)
      .where(
        and(
          eq(labImage.id, exp.imagesName),
          tenantRows(labImage, exp.tenantId, {
            why: "an experiment runs its own school's environment, whoever opens it",
          }),
        ),
      ),
  )
  if (!image) throw new ApiError(409, 'lab.imageMissing')
  return { exp, image }
}

/** Staff with the experiment or running-labs codes may open any lab; a learner must be enrolled. */
async function requireEnrolled(ctx: Ctx, exp: ExperimentRow) {
  const codes = await permissionCodes(ctx)
  if (codes.has('lab:experiment') || codes.has(STAFF_CODE)) return
  const row = await first(
    ctx.db
      .select({ id: experimentUser.id })
      .from(experimentUser)
      .where(and(eq(experimentUser.experimentId, exp.id), ownRows(experimentUser, ctx), eq(experimentUser.status, 1))),
  )
  if (!row) throw new ApiError(403, 'lab.notEnrolled')
}

/** The caller's live lab for an experiment, if the database has one. */
export function liveRow(ctx: Ctx, experimentId: string): Promise<LabRow | undefined> {
  return first(
    ctx.db
      .select()
      .from(userContainer)
      .where(
        and(
          ownRows(userContainer, ctx),
          eq(userContainer.experimentId, experimentId),
          eq(userContainer.state, 'running'),
        ),
      ),
  )
}

/** The workspace a learner used last for this experiment (kept across expiry and idle stops, dropped by reset). */
async function lastWorkspace(ctx: Ctx, experimentId: string): Promise<string | undefined> {
  const row = await first(
    ctx.db
      .select({ volume: userContainer.volume })
      .from(userContainer)
      .where(
        and(
          ownRows(userContainer, ctx, { withDeleted: true }),
          eq(userContainer.experimentId, experimentId),
          isNotNull(userContainer.volume),
          or(isNull(userContainer.endReason), ne(userContainer.endReason, 'reset')),
        ),
      )
      .orderBy(desc(userContainer.id)),
  )
  return row?.volume ?? undefined
}

/** Creates and starts one hardened container for an image (cold path and pool refill share it). */
export async function createContainer(
  labs: LabKit,
  image: ImageRow,
  o: { name: string; labels: Record<string, string>; volume: string; networkKey: string },
) {
  // The row is clipped to the policy here, the one place every path (open, pool, reset, CLI warm) creates through.
  const options = hostOptions(await readLabPolicy(labs.db), image)
  const labels = { [L.appliance]: labs.applianceId, ...o.labels }
  let network = 'none'
  // A web lab needs a network for the appliance's proxy to reach its port; it is the same private, internal kind.
  if (image.securitys === 'isolated' || image.service === 'web') {
    network = networkName(labs.applianceId, o.networkKey)
    await createPrivateNetwork(labs, network, labels)
  }
  const id = await labs.host.create({
    name: o.name,
    image: image.imageId,
    labels,
    volume: o.volume,
    mountPath: image.codePath,
    ...options,
    network,
  })
  await labs.host.start(id)
  return { containerId: id, network: network === 'none' ? null : network }
}

async function pooledFits(labs: LabKit, image: ImageRow, containerId: string): Promise<boolean> {
  const info = await labs.host.inspect(containerId)
  return !!info?.running && fitsPolicy(await readLabPolicy(labs.db), image.tenantId, info)
}

/** A private network on the next free block of the labs' range (a block another network holds is skipped). */
async function createPrivateNetwork(labs: LabKit, name: string, labels: Record<string, string>) {
  for (let tries = 0; ; tries++) {
    try {
      return await labs.host.createNetwork(name, labels, labs.subnets.next())
    } catch (e) {
      if (!(e as { overlap?: boolean }).overlap || tries >= 64) throw e
    }
  }
}

/** Copies the experiment's code folder (under <data>/lab-code) into a fresh workspace. */
async function seedCode(labs: LabKit, dataDir: string, exp: ExperimentRow, image: ImageRow, containerId: string) {
  if (!exp.folders) return
  const dir = join(dataDir, 'lab-code', exp.folders.replace(/\.\.+/g, ''))
  if (!existsSync(dir)) return
  await labs.host.putArchive(containerId, image.codePath, await packFolder(dir, (await readLabPolicy(labs.db)).user))
}

/**
 * openExperimentToContainer / getConteiner: the learner's own container,
 * started if needed. A live one is returned as it is; otherwise a place is
 * reserved (host and tenant quotas, with a queue), a warm container is handed
 * over when the learner has no workspace yet, or one is created cold on the
 * learner's kept workspace.
 */
export async function openLab(labs: LabKit, ctx: Ctx, experimentId: unknown, dataDir: string): Promise<LabView> {
  const { exp, image } = await experimentOf(ctx, experimentId)
  await requireEnrolled(ctx, exp)
  await labs.requireEngine()
  // One open at a time per learner's experiment in this process; across processes the claim in reserveSlot decides.
  return labs.serial(`${ctx.actor.tenantId}:${ctx.actor.userId}:${exp.id}`, async () => {
    for (let round = 0; ; round++) {
      try {
        return await openOnce(labs, ctx, exp, image, dataDir)
      } catch (err) {
        // Another process claimed this lab between our look and our claim: the next round waits for its open.
        if (!(err instanceof AlreadyClaimed) || round >= 2) throw err
      }
    }
  })
}

/**
 * A running row without a container yet is an open in flight (another process's: this one's are serialised).
 * Waits until it names a container or ends; one older than the start timeout is answered as it is (a dead open).
 */
async function settled(labs: LabKit, ctx: Ctx, row: LabRow): Promise<LabRow | undefined> {
  const deadline = msOf(row.lastActive) + labs.settings.startTimeoutSeconds * 1000
  let r: LabRow | undefined = row
  while (r?.state === 'running' && !r.containerId && Date.now() <= deadline) {
    await Bun.sleep(100)
    r = await first(ctx.db.select().from(userContainer).where(eq(userContainer.id, row.id)))
  }
  return r?.state === 'running' ? r : undefined
}

async function openOnce(
  labs: LabKit,
  ctx: Ctx,
  exp: ExperimentRow,
  image: ImageRow,
  dataDir: string,
): Promise<LabView> {
  let live = await liveRow(ctx, exp.id)
  if (live && !live.containerId) live = await settled(labs, ctx, live)
  if (live) {
    const info = live.containerId ? await labs.host.inspect(live.containerId) : null
    // One made before the policy (or before it changed) is not started or handed back: it is made again below.
    if (info && !fitsPolicy(await readLabPolicy(labs.db), image.tenantId, info)) await endLab(labs, live, 'policy')
    else if (info?.running) return viewOf(live, exp, image)
    else if (info) {
      await labs.host.start(info.id)
      return viewOf(live, exp, image)
    } else await endLab(labs, live, 'lost')
  }
  if (image.buildState !== 0) throw new ApiError(409, 'lab.imageBusy')
  if (!(await labs.host.imageExists(image.imageId))) throw new ApiError(409, 'lab.imageMissing')

  const row = await reserveSlot(labs, ctx, exp, image)
  let handing: string | undefined
  try {
    const kept = await lastWorkspace(ctx, exp.id)
    if (kept) await requireWorkspaceFits(labs, kept, image)
    // An empty pool may still have warm containers another process (the CLI) started: adopt them first.
    if (!kept && image.poolSize > 0 && !labs.pools.size(image.id)) await labs.pools.sync(image.id)
    let pooled = kept ? undefined : labs.pools.take(image.id)
    // A warm container from before a restart or a policy change is checked like any other, and dropped if it does not fit.
    if (pooled && !(await pooledFits(labs, image, pooled.containerId))) {
      await labs.pools.discard(pooled)
      pooled = undefined
    }
    // Another process may have adopted the same warm container: the lab row claims it first, and the one open the
    // unique index lets through hands it over; the others start their own.
    if (pooled && !(await claimWarm(ctx, row.id, pooled.containerId))) {
      labs.pools.handed(pooled.containerId)
      pooled = undefined
    }
    let containerId: string, volume: string, network: string | null
    if (pooled) {
      ;({ containerId, volume, network } = pooled)
      handing = containerId
      await labs.host.rename(containerId, labName(labs.applianceId, row.id))
    } else {
      volume = kept ?? volumeName(labs.applianceId, row.id)
      const made = await createContainer(labs, image, {
        name: labName(labs.applianceId, row.id),
        volume,
        networkKey: row.id,
        labels: {
          [L.tenant]: ctx.actor.tenantId,
          [L.user]: ctx.actor.userId,
          [L.experiment]: exp.id,
          [L.lab]: row.id,
        },
      })
      ;({ containerId, network } = made)
    }
    if (!kept) await seedCode(labs, dataDir, exp, image, containerId)
    const start = Date.now()
    const done = await ctx.db
      .update(userContainer)
      .set({
        containerId,
        volume,
        network,
        startTime: at(start),
        expireTime: at(start + exp.durationMinutes * 60_000),
        lastActive: at(start),
        updateTime: now(),
      })
      // Only while the place is still claimed: past the start timeout the reaper may have ended it.
      .where(and(eq(userContainer.id, row.id), eq(userContainer.state, 'running')))
    if (!changed(done)) {
      await labs.host.remove(containerId)
      if (network) await labs.host.removeNetwork(network)
      throw new ApiError(409, 'lab.notRunning')
    }
    // In the background (refill logs its own failure): the learner's lab is ready now.
    void labs.pools.refill(image.id)
    return viewOf((await first(ctx.db.select().from(userContainer).where(eq(userContainer.id, row.id))))!, exp, image)
  } catch (err) {
    await ctx.db
      .update(userContainer)
      .set({ state: 'ended', endReason: 'failed', endTime: now() })
      .where(eq(userContainer.id, row.id))
    throw err
  } finally {
    if (handing) labs.pools.handed(handing)
  }
}

/** Names a warm container on the lab's row; false when another lab (an open in another process) claimed it first. */
async function claimWarm(ctx: Ctx, rowId: string, containerId: string): Promise<boolean> {
  try {
    await ctx.db.update(userContainer).set({ containerId }).where(eq(userContainer.id, rowId))
    return true
  } catch (err) {
    if (uniqueConflict(err)) return false
    throw err
  }
}

/** Ends a lab: the container and its network go, the workspace stays unless `dropWorkspace`. */
export async function endLab(labs: LabKit, row: LabRow, reason: string, dropWorkspace = false): Promise<void> {
  labs.terminals.closeLab(row.id)
  labs.web.closeLab(row.id)
  if (row.containerId) await labs.host.remove(row.containerId)
  if (row.network) await labs.host.removeNetwork(row.network)
  if (dropWorkspace && row.volume) await labs.host.removeVolume(row.volume)
  await labs.db
    .update(userContainer)
    .set({ state: 'ended', endReason: reason, endTime: now(), updateTime: now() })
    .where(eq(userContainer.id, row.id))
}

/** The caller's running lab by row id (owner only), or 404. */
export async function ownRow(ctx: Ctx, id: unknown): Promise<LabRow> {
  if (!isId(id)) throw badRequest('validation.id', { field: 'id' }, 'id')
  const row = await first(
    ctx.db
      .select()
      .from(userContainer)
      .where(and(eq(userContainer.id, id), ownRows(userContainer, ctx))),
  )
  if (!row) throw notFound()
  return row
}

/** refreshContainerTime: adds the experiment's renewal minutes, up to its cap of renewals. */
export async function refreshLab(ctx: Ctx, id: unknown): Promise<LabView> {
  for (;;) {
    const row = await ownRow(ctx, id)
    if (row.state !== 'running') throw new ApiError(409, 'lab.notRunning')
    const exp = (await first(ctx.db.select().from(experiment).where(eq(experiment.id, row.experimentId))))!
    const image = (await first(ctx.db.select().from(labImage).where(eq(labImage.id, row.imageRowId))))!
    if (row.renewals >= exp.maxRenewals) throw new ApiError(409, 'lab.renewCap', { max: exp.maxRenewals })
    const from = Math.max(Date.now(), msOf(row.expireTime))
    // Only from the renewal count read: two renewals at once both count (the loser reads again), never one twice.
    const done = await ctx.db
      .update(userContainer)
      .set({ expireTime: at(from + exp.renewMinutes * 60_000), renewals: row.renewals + 1, updateTime: now() })
      .where(
        and(eq(userContainer.id, row.id), eq(userContainer.state, 'running'), eq(userContainer.renewals, row.renewals)),
      )
    if (changed(done))
      return viewOf((await first(ctx.db.select().from(userContainer).where(eq(userContainer.id, row.id))))!, exp, image)
  }
}

/** resetExperiment: the container is recreated from the image on an empty workspace. */
export async function resetLab(labs: LabKit, ctx: Ctx, experimentId: unknown, dataDir: string): Promise<LabView> {
  const { exp } = await experimentOf(ctx, experimentId)
  await labs.requireEngine()
  await labs.serial(`${ctx.actor.tenantId}:${ctx.actor.userId}:${exp.id}`, async () => {
    const live = await liveRow(ctx, exp.id)
    if (live) await endLab(labs, live, 'reset', true)
    else {
      const kept = await lastWorkspace(ctx, exp.id)
      if (kept) {
        await labs.host.removeVolume(kept)
        await ctx.db
          .update(userContainer)
          .set({ endReason: 'reset' })
          .where(and(eq(userContainer.volume, kept), eq(userContainer.userId, ctx.actor.userId)))
      }
    }
  })
  return openLab(labs, ctx, exp.id, dataDir)
}

/** getConteiner without starting anything: the live lab or null. */
export async function currentLab(ctx: Ctx, experimentId: unknown): Promise<LabView | null> {
  const { exp, image } = await experimentOf(ctx, experimentId)
  const live = await liveRow(ctx, exp.id)
  return live ? viewOf(live, exp, image) : null
}
