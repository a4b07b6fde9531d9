import { and, eq, isNotNull, ne } from 'drizzle-orm'
import { labImage, userContainer } from '../../../../db/schema/index.ts'
import { endLab } from './containers.ts'
import { L, msOf } from './names.ts'
import { endUnstarted } from './quota.ts'
import type { LabKit, LabRow } from './lab-kit.ts'
import { first } from '../../../lib/rows.ts'
import { notDeleted } from '../../../lib/tenant-rows.ts'

/**
 * On start, the engine's labelled containers are matched against the lab
 * rows: a live, unexpired lab is kept (restarted if the host rebooted), so a
 * learner's work survives a server restart; expired labs, containers no row
 * owns and workspaces no row remembers are removed; warm pool containers are
 * adopted (also a class's worth warmed by the CLI), then pools are refilled.
 */
export async function reconcile(labs: LabKit): Promise<{ kept: number; removed: number; adopted: number }> {
  const { host, db } = labs
  const mine = { [L.appliance]: labs.applianceId }
  const containers = await host.list(mine)
  const live: LabRow[] = []
  for (const r of await db
    .select()
    .from(userContainer)
    .where(and(eq(userContainer.state, 'running'), notDeleted(userContainer))))
    if ((await host.reaches?.(r.host)) ?? true) live.push(r)
  const byContainer = new Map(live.filter((r) => r.containerId).map((r) => [r.containerId!, r]))
  let kept = 0,
    removed = 0,
    adopted = 0
  const keptVolumes = new Set<string>()

  for (const c of containers) {
    const poolOf = c.labels[L.pool]
    const row = byContainer.get(c.id)
    if (row) {
      byContainer.delete(c.id)
      if (row.expireTime && msOf(row.expireTime) <= Date.now()) {
        await endLab(labs, row, 'expired')
        removed++
        continue
      }
      if (!c.running) await host.start(c.id)
      kept++
      continue
    }
    if (poolOf) {
      const image = await first(
        db
          .select()
          .from(labImage)
          .where(and(eq(labImage.id, poolOf), notDeleted(labImage))),
      )
      const info = c.running ? await host.inspect(c.id) : null
      const volume = info?.mounts.find((m) => m.type === 'volume')?.name
      // Every valid warm container is kept, also beyond the pool size (a class's worth warmed by `atrium labs pool`).
      if (image && info && volume && image.imageId === c.image) {
        labs.pools.adopt(image.id, {
          containerId: c.id,
          volume,
          network: info.networkMode === 'none' ? null : info.networkMode,
        })
        keptVolumes.add(volume)
        adopted++
        continue
      }
    }
    // An orphan: no row owns it (or it is surplus pool). Its network and fresh workspace go with it.
    const info = await host.inspect(c.id)
    await host.remove(c.id)
    if (info && info.networkMode !== 'none' && info.networkMode.startsWith('atrium-net-'))
      await host.removeNetwork(info.networkMode)
    removed++
  }
  // Rows whose container vanished (removed by hand, engine wiped) end as lost.
  for (const row of byContainer.values()) await endLab(labs, row, 'lost')
  // Places claimed by opens the last stop cut short (no container id, NULL or ''): nothing of this process is
  // opening yet, so every one of them is over; the containers they had made were orphans above.
  await endUnstarted(labs, Date.now() + 1000)

  // Workspaces: keep those a row still remembers (kept for the learner's next open) or a pool holds.
  const remembered = new Set(
    (
      await db
        .select({ v: userContainer.volume })
        .from(userContainer)
        .where(and(isNotNull(userContainer.volume), ne(userContainer.endReason, 'reset')))
    ).map((r) => r.v!),
  )
  for (const r of await db
    .select({ v: userContainer.volume })
    .from(userContainer)
    .where(and(eq(userContainer.state, 'running'), isNotNull(userContainer.volume))))
    remembered.add(r.v!)
  for (const v of await host.listVolumes(mine)) {
    if (remembered.has(v) || keptVolumes.has(v)) continue
    await host.removeVolume(v).catch((err) => labs.log.warn({ err, volume: v }, 'workspace removal failed'))
  }
  labs.log.info({ kept, removed, adopted }, 'labs reconciled')
  void labs.pools.fillAll()
  return { kept, removed, adopted }
}
