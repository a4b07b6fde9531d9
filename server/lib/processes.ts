/**
 * Several appliance processes share one database (issue #27). Each names
 * itself `<node>/<pid>/<random>` (node = ATRIUM_NODE_ID, else the host name),
 * registers a row in blade_process and renews its lease every third of
 * ATRIUM_LEASE_MS. Whatever a process holds in the database (job leases,
 * device connections) is its own to clear; another process clears it only
 * once that lease ran out, so a process starting never touches the live
 * state of another. One shortcut: a row of the same node whose pid is gone
 * (kill -9, then a restart on the same machine) is known dead at once, so
 * ATRIUM_NODE_ID must name one machine (container) only. Job leases never
 * take that shortcut: they are taken over only once expired.
 *
 *   const me = startProcess(services)   // main.ts, before jobs, schedules and presence
 *   me.id                               // owner of leases and connection rows
 *   await me.stop()                     // on shutdown: the row goes
 */
import { randomBytes } from 'node:crypto'
import { eq, inArray, lt, sql } from 'drizzle-orm'
import { appProcess } from '../../db/schema/index.ts'
import type { Services } from './context.ts'
import { now } from './time.ts'
import { nodeName } from './config.ts'
import { first } from './rows.ts'

let identity: string | undefined
/** This process's name among the processes sharing the database (one per OS process). */
export function processIdentity(nodeId?: string): string {
  identity ??= `${nodeId ?? nodeName()}/${process.pid}/${randomBytes(4).toString('hex')}`
  return identity
}

export interface AppProcess {
  id: string
  stop(): Promise<void>
}

/** Removes the rows of processes whose lease ran out; answers their ids (each is answered to one sweeper only). */
export async function expireProcesses(db: Services['db'], at = Date.now()): Promise<string[]> {
  const gone = await db.delete(appProcess).where(lt(appProcess.leaseUntil, at)).returning({ id: appProcess.id })
  return gone.map((r) => r.id)
}

/** Whether a process of this machine is still there (signal 0 probes without sending; EPERM means it exists). */
function pidAlive(pid: number): boolean {
  if (pid === process.pid) return false // a row of ours with another id is a previous life of this pid (a container restart)
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Rows of this node whose process is gone (killed, or a previous life of this container): known dead without
 * waiting for their lease, as the node names this machine. Job leases are not touched (they only expire).
 */
export async function forgetDeadOfNode(db: Services['db'], nodeId: string): Promise<string[]> {
  const dead = (
    await db.select({ id: appProcess.id, pid: appProcess.pid }).from(appProcess).where(eq(appProcess.node, nodeId))
  )
    .filter((r) => r.id !== identity && !pidAlive(r.pid))
    .map((r) => r.id)
  if (dead.length) await db.delete(appProcess).where(inArray(appProcess.id, dead))
  return dead
}

/** Is there a row for this process with its lease still running? */
export async function processAlive(db: Services['db'], id: string, at = Date.now()): Promise<boolean> {
  return !!(await first(
    db
      .select({ id: appProcess.id })
      .from(appProcess)
      .where(sql`${appProcess.id} = ${id} and ${appProcess.leaseUntil} >= ${at}`),
  ))
}

/** Registers this process and keeps its lease alive; every heartbeat also sweeps expired processes. */
export async function startProcess(services: Pick<Services, 'db' | 'config' | 'log'>): Promise<AppProcess> {
  const { db, config, log } = services
  const id = processIdentity(config.nodeId)
  const leaseMs = config.leaseMs
  const dead = await forgetDeadOfNode(db, config.nodeId)
  if (dead.length) log.info({ processes: dead }, 'earlier processes of this node are gone: clearing what they held')
  await db
    .insert(appProcess)
    .values({
      id,
      node: config.nodeId,
      pid: process.pid,
      startTime: now(),
      leaseUntil: Date.now() + leaseMs,
    })
    .onConflictDoUpdate({ target: appProcess.id, set: { leaseUntil: Date.now() + leaseMs } })

  const sweep = async () => {
    const gone = await expireProcesses(db)
    if (gone.length) log.warn({ processes: gone }, 'processes whose lease ran out: what they held is cleared')
  }
  const beat = async () => {
    try {
      // Upsert: a process paused past its lease (and swept) comes back rather than running unregistered.
      await db
        .insert(appProcess)
        .values({ id, node: config.nodeId, pid: process.pid, startTime: now(), leaseUntil: Date.now() + leaseMs })
        .onConflictDoUpdate({ target: appProcess.id, set: { leaseUntil: Date.now() + leaseMs } })
      await sweep()
    } catch (err) {
      log.error({ err }, 'process heartbeat failed')
    }
  }
  const timer = setInterval(() => void beat(), Math.max(100, Math.floor(leaseMs / 3)))
  return {
    id,
    async stop() {
      clearInterval(timer)
      await db.delete(appProcess).where(eq(appProcess.id, id))
    },
  }
}
