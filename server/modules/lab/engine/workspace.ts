import { and, eq, isNotNull, ne } from 'drizzle-orm'
import { labImage, userContainer } from '../../../../db/schema/index.ts'
import { ApiError } from '../../../lib/errors.ts'
import { L } from './names.ts'
import type { ImageRow, LabKit, LabRow } from './lab-kit.ts'
import { notDeleted } from '../../../lib/tenant-rows.ts'

/**
 * Workspace size (issue #24). The engine's local volumes have no size option
 * that is both persistent and available on every storage (tmpfs is memory and
 * gone at reboot; quotas need XFS), so the limit is enforced from the engine's
 * own measurement: each reaper pass ends a lab whose workspace grew past it
 * (the workspace is kept, the learner told why), an upload that would pass it
 * is refused, and a workspace over it does not open again until it is reset.
 */

const MB = 1024 * 1024

/** What a school's environment asks for, never above the platform's cap (ATRIUM_LABS_WORKSPACE_MAX_MB). */
export const workspaceLimitMb = (labs: LabKit, image: Pick<ImageRow, 'workspaceMb'>) =>
  Math.min(image.workspaceMb, labs.settings.workspaceMaxMb)

/**
 * One measurement at a time per service: the engine runs a single disk-usage report at once and refuses a
 * second, so concurrent callers (a class reopening) share the one in flight.
 */
const inFlight = new WeakMap<LabKit, Promise<Map<string, number>>>()
function measure(labs: LabKit): Promise<Map<string, number>> {
  let p = inFlight.get(labs)
  if (!p) {
    p = labs.host.volumeSizes({ [L.appliance]: labs.applianceId }).finally(() => inFlight.delete(labs))
    inFlight.set(labs, p)
  }
  return p
}

const mbOf = (bytes: number) => Math.ceil(bytes / MB)

/**
 * A reaper step: running labs whose workspace is over its limit end ('workspace-full'); answers how many.
 * The reaper passes how a lab ends (containers.ts's endLab), which in turn checks workspaces on open: taking it
 * as a parameter keeps the two files from importing each other (issue #26).
 */
export async function enforceWorkspaces(
  labs: LabKit,
  endLab: (row: LabRow, reason: string) => Promise<void>,
): Promise<number> {
  const rows = await labs.db
    .select({ row: userContainer, workspaceMb: labImage.workspaceMb })
    .from(userContainer)
    .innerJoin(labImage, eq(labImage.id, userContainer.imageRowId))
    .where(
      and(
        eq(userContainer.state, 'running'),
        notDeleted(userContainer),
        isNotNull(userContainer.volume),
        ne(userContainer.containerId, ''),
      ),
    )
  if (!rows.length) return 0
  const sizes = await measure(labs)
  let ended = 0
  for (const { row, workspaceMb } of rows) {
    const used = sizes.get(row.volume!) ?? -1
    const max = workspaceLimitMb(labs, { workspaceMb })
    if (used <= max * MB) continue
    labs.terminals.closeLab(row.id, 'workspace-full')
    await endLab(row, 'workspace-full')
    labs.log.info({ lab: row.id, usedMb: mbOf(used), maxMb: max }, 'lab ended: workspace over its limit')
    ended++
  }
  return ended
}

/** Refuses (409) to start a lab on a kept workspace that is over its limit: only a reset empties it. */
export async function requireWorkspaceFits(labs: LabKit, volume: string, image: ImageRow): Promise<void> {
  const used = (await measure(labs)).get(volume) ?? -1
  const max = workspaceLimitMb(labs, image)
  if (used > max * MB) throw new ApiError(409, 'lab.workspaceFull', { used: mbOf(used), max })
}

/** Refuses (413) an upload of `bytes` that would take the workspace past its limit. */
export async function requireRoomFor(labs: LabKit, volume: string, image: ImageRow, bytes: number): Promise<void> {
  const used = Math.max(0, (await measure(labs)).get(volume) ?? 0)
  const max = workspaceLimitMb(labs, image)
  if (used + bytes > max * MB) throw new ApiError(413, 'lab.workspaceNoRoom', { used: mbOf(used), max })
}
