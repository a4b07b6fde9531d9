import { and, eq } from 'drizzle-orm'
import { experiment, userContainer } from '../../../../db/schema/index.ts'
import { endLab } from './containers.ts'
import { msOf } from './names.ts'
import { dropStaleQueue, endUnstarted } from './quota.ts'
import type { LabKit } from './lab-kit.ts'
import { enforceWorkspaces } from './workspace.ts'
import { notDeleted } from '../../../lib/tenant-rows.ts'

/**
 * One reaper pass, idempotent: labs past their expiry end; labs with no
 * terminal (nor web app socket) attached for the experiment's idle minutes end; stale queue places
 * are given up; places claimed longer ago than the start timeout that never got a container (their open died)
 * end; labs whose workspace grew past its size limit end. Workspaces are kept for the learner's next open.
 */
export async function reap(
  labs: LabKit,
): Promise<{ expired: number; idle: number; interrupted: number; workspaceFull: number }> {
  const stamp = Date.now()
  const interrupted = await endUnstarted(labs, stamp - labs.settings.startTimeoutSeconds * 1000)
  const rows = await labs.db
    .select({ row: userContainer, idleMinutes: experiment.idleMinutes })
    .from(userContainer)
    .innerJoin(experiment, eq(experiment.id, userContainer.experimentId))
    .where(and(eq(userContainer.state, 'running'), notDeleted(userContainer)))
  let expired = 0,
    idle = 0
  for (const { row, idleMinutes } of rows) {
    if (!row.containerId) continue
    if (row.expireTime && msOf(row.expireTime) <= stamp) {
      await endLab(labs, row, 'expired')
      expired++
    } else if (
      idleMinutes > 0 &&
      !labs.terminals.attached(row.id) &&
      !labs.web.attached(row.id) &&
      msOf(row.lastActive) + idleMinutes * 60_000 <= stamp
    ) {
      await endLab(labs, row, 'idle')
      idle++
    }
  }
  await dropStaleQueue(labs)
  let workspaceFull = 0
  try {
    workspaceFull = await enforceWorkspaces(labs, (row, reason) => endLab(labs, row, reason))
  } catch (err) {
    // The engine measures one disk usage at a time (another tool may be asking): the next pass measures again.
    labs.log.warn({ err }, 'workspace sizes not measured this pass')
  }
  if (expired || idle) labs.log.info({ expired, idle }, 'lab reaper stopped labs')
  return { expired, idle, interrupted, workspaceFull }
}
