import { and, eq } from 'drizzle-orm'
import { experiment, labHost, userContainer } from '../../../../db/schema/index.ts'
import { t } from '../../../lib/messages.ts'
import { changed, first } from '../../../lib/rows.ts'
import { now } from '../../../lib/time.ts'
import { HOST_LABEL, type LabFleet, type Member } from './fleet.ts'
import type { LabKit } from './lab-kit.ts'
import { L, msOf } from './names.ts'
import { notDeleted } from '../../../lib/tenant-rows.ts'

/** What a learner's browsers get on their live queue (user/<id>/inbox) when their lab ended without them. */
export interface LabEndedPush {
  type: 'lab-ended'
  reason: string
  labId: string
  experimentId: string
  content: { zh: string; en: string }
}

export type Tell = (userId: string, push: LabEndedPush) => Promise<void> | void

/**
 * One pass over the listed engines (part of the reaper, so one process per slot): an engine that is up is
 * reconciled by its labels — a lab container whose row ended while the engine was away goes, one whose row still
 * runs is started again (the engine rebooted); an engine down for longer than ATRIUM_LABS_HOST_GRACE has its
 * running labs ended ('host-lost', a conditional update: once across processes) and their learners told.
 */
export async function watchHosts(
  labs: LabKit,
  fleet: LabFleet,
  tell?: Tell,
): Promise<{ lost: number; removed: number; restarted: number }> {
  let lost = 0,
    removed = 0,
    restarted = 0
  for (const m of await fleet.members()) {
    if (await fleet.isUp(m)) {
      const r = await rejoin(labs, fleet, m)
      removed += r.removed
      restarted += r.restarted
    } else if (m.listed) lost += await endLost(labs, m, tell)
  }
  return { lost, removed, restarted }
}

async function rejoin(labs: LabKit, fleet: LabFleet, m: Member) {
  let removed = 0,
    restarted = 0
  for (const c of await fleet.listOn(m, { [L.appliance]: labs.applianceId })) {
    const labId = c.labels[L.lab]
    // Warm containers are the pools' (adopted on sync); a container without a row yet is an open in flight.
    if (!labId || c.labels[HOST_LABEL] !== m.name) continue
    const row = await first(labs.db.select().from(userContainer).where(eq(userContainer.id, labId)))
    if (!row) continue
    if (row.state === 'running' && (row.containerId === c.id || !row.containerId)) {
      if (row.containerId === c.id && !c.running) {
        await m.host.start(c.id)
        restarted++
      }
      continue
    }
    const info = await m.host.inspect(c.id)
    await m.host.remove(c.id)
    if (info?.networkMode.startsWith('atrium-net-')) await m.host.removeNetwork(info.networkMode)
    removed++
  }
  if (removed || restarted) labs.log.info({ host: m.name, removed, restarted }, 'lab host reconciled')
  return { removed, restarted }
}

async function endLost(labs: LabKit, m: Member, tell?: Tell): Promise<number> {
  const since = (
    await first(
      labs.db
        .select({ downSince: labHost.downSince })
        .from(labHost)
        .where(and(eq(labHost.name, m.name), notDeleted(labHost))),
    )
  )?.downSince
  if (!since || msOf(since) + labs.settings.hostGraceSeconds * 1000 > Date.now()) return 0
  const rows = await labs.db
    .select({ row: userContainer, title: experiment.title })
    .from(userContainer)
    .innerJoin(experiment, eq(experiment.id, userContainer.experimentId))
    .where(and(eq(userContainer.host, m.name), eq(userContainer.state, 'running'), notDeleted(userContainer)))
  let ended = 0
  for (const { row, title } of rows) {
    const stamp = now()
    const done = await labs.db
      .update(userContainer)
      .set({ state: 'ended', endReason: 'host-lost', endTime: stamp, updateTime: stamp })
      .where(and(eq(userContainer.id, row.id), eq(userContainer.state, 'running')))
    if (!changed(done)) continue
    ended++
    labs.terminals.closeLab(row.id, 'host-lost')
    labs.web.closeLab(row.id)
    try {
      await tell?.(row.userId, {
        type: 'lab-ended',
        reason: 'host-lost',
        labId: row.id,
        experimentId: row.experimentId,
        content: { zh: t('zh', 'lab.hostLost', { title }), en: t('en', 'lab.hostLost', { title }) },
      })
    } catch (err) {
      labs.log.warn({ err, lab: row.id }, 'learner not told of a lost lab host')
    }
  }
  if (ended) labs.log.warn({ host: m.name, since, ended }, 'lab host lost: its labs ended')
  return ended
}
