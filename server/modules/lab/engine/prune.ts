import { and, eq, isNotNull } from 'drizzle-orm'
import { userContainer } from '../../../../db/schema/index.ts'
import { endLab } from './containers.ts'
import { L, msOf } from './names.ts'
import { endUnstarted } from './quota.ts'
import type { Labs } from './service.ts'
import { first } from '../../../lib/rows.ts'
import { notDeleted } from '../../../lib/tenant-rows.ts'

/**
 * `atrium labs prune`: tidies the engine while the server may be running.
 * Unlike the start-up reconcile it touches nothing the running server could
 * be using: labs past their expiry end; lab containers whose row has ended
 * (or never existed) go once they are older than `graceMs` (an open in flight
 * writes its row after creating the container); warm-pool containers are the
 * server's and stay; workspaces no lab row remembers and no container mounts
 * are removed. Idle reaping needs the server's terminals, so it stays there.
 */
export async function prune(
  labs: Labs,
  graceMs = 120_000,
): Promise<{ expired: number; interrupted: number; containers: number; volumes: number }> {
  const { host, db } = labs
  const mine = { [L.appliance]: labs.applianceId }
  let expired = 0,
    containers = 0,
    volumes = 0

  // An open the crashed (or still running) server claimed long ago and never finished holds no place.
  const interrupted = await endUnstarted(labs, Date.now() - graceMs)
  const running = await db
    .select()
    .from(userContainer)
    .where(and(eq(userContainer.state, 'running'), notDeleted(userContainer)))
  for (const row of running) {
    if (row.containerId && row.expireTime && msOf(row.expireTime) <= Date.now()) {
      await endLab(labs, row, 'expired')
      expired++
    }
  }

  const live = new Map(
    (
      await db
        .select({ id: userContainer.id, containerId: userContainer.containerId })
        .from(userContainer)
        .where(and(eq(userContainer.state, 'running'), notDeleted(userContainer)))
    ).map((r) => [r.id, r.containerId]),
  )
  const liveContainers = new Set([...live.values()].filter(Boolean))
  const mounted = new Set<string>()
  for (const c of await host.list(mine)) {
    const lab = c.labels[L.lab]
    // A pool container keeps its pool label after hand-over: it is the pool's only while no lab row names it.
    const handedOver =
      !!c.labels[L.pool] &&
      !!(await first(
        db.select({ id: userContainer.id }).from(userContainer).where(eq(userContainer.containerId, c.id)),
      ))
    const owned = liveContainers.has(c.id) || (!!lab && live.has(lab)) || (!!c.labels[L.pool] && !handedOver)
    if (owned || Date.now() - c.created < graceMs) {
      const info = await host.inspect(c.id)
      for (const m of info?.mounts ?? []) if (m.name) mounted.add(m.name)
      continue
    }
    const info = await host.inspect(c.id)
    await host.remove(c.id)
    if (info && info.networkMode.startsWith('atrium-net-')) await host.removeNetwork(info.networkMode)
    containers++
  }

  // A workspace is kept while a row remembers it for the learner's next open (reset forgets it) or a container mounts it.
  const remembered = new Set(
    (
      await db
        .select({ v: userContainer.volume, reason: userContainer.endReason })
        .from(userContainer)
        .where(isNotNull(userContainer.volume))
    )
      .filter((r) => r.reason !== 'reset')
      .map((r) => r.v!),
  )
  const inFlight = [...live.keys()]
  for (const v of await host.listVolumes(mine)) {
    if (remembered.has(v) || mounted.has(v) || inFlight.some((id) => v.endsWith(id))) continue
    await host.removeVolume(v).catch((err) => labs.log.warn({ err, volume: v }, 'workspace removal failed'))
    volumes++
  }
  return { expired, interrupted, containers, volumes }
}
