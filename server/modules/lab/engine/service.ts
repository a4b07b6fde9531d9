import cron, { type ScheduledTask } from 'node-cron'
import { eq } from 'drizzle-orm'
import { labImage } from '../../../../db/schema/index.ts'
import type { Logger } from 'pino'
import type { Db } from '../../../lib/db.ts'
import { nodeName } from '../../../lib/config.ts'
import { onceAcrossProcesses } from '../../../lib/schedules.ts'
import { ApiError } from '../../../lib/errors.ts'
import { dockerLabHost } from './docker.ts'
import { LabFleet } from './fleet.ts'
import type { LabHost } from './host.ts'
import { watchHosts, type Tell } from './host-watch.ts'
import type { LabKit } from './lab-kit.ts'
import { applianceIdOf } from './names.ts'
import { Pools } from './pool.ts'
import { reap } from './reaper.ts'
import { reconcile } from './reconcile.ts'
import { loadLabSettings, type LabSettings } from './settings.ts'
import { Subnets } from './subnets.ts'
import { Terminals } from './terminals.ts'
import { WebProxy } from './web-proxy.ts'
import './messages.ts'

/**
 * The lab service (DESIGN: subsystems beyond CRUD): made in boot, handed to
 * modules through Services, started and stopped by main.ts. Holds only what
 * cannot live in the database — the engine connection, warm pools and open
 * terminals; labs themselves are rows plus labelled containers.
 */
export class Labs implements LabKit {
  readonly applianceId: string
  readonly pools: Pools
  readonly terminals: Terminals
  readonly subnets: Subnets
  readonly web: WebProxy
  /** The lab hosts (lab_host; none listed: the local engine); `host` is this fleet seen as one engine. */
  readonly fleet: LabFleet
  readonly host: LabHost
  readonly settings: LabSettings
  /** How a learner is told their lab ended without them (their live queue); main.ts sets it once the broker runs. */
  tell: Tell | undefined
  private reaper: ScheduledTask | undefined
  private locks = new Map<string, Promise<unknown>>()

  constructor(
    readonly db: Db,
    readonly log: Logger,
    secret: string,
    local: LabHost = dockerLabHost(),
    settings: LabSettings = loadLabSettings(),
  ) {
    this.settings = { ...settings }
    // settings.maxRunning (ATRIUM_LABS_MAX) is the local engine's quota; capacity() is what the claim reads.
    const fleet = new LabFleet(db, log, secret, local, () => this.settings.maxRunning)
    this.fleet = fleet
    this.host = fleet
    this.applianceId = applianceIdOf(secret)
    this.pools = new Pools(this)
    this.terminals = new Terminals(this)
    this.subnets = new Subnets(settings.subnet)
    this.web = new WebProxy(this, secret)
  }

  /**
   * 'up <version>' or 'down': whether an engine that takes new labs answers. Each engine is looked up at most every
   * 5 s with one look-up in flight, and only the first call waits (fleet.ts's probe), so health checks and page
   * loads neither hammer nor wait on a slow engine.
   */
  engine(): Promise<string> {
    return this.fleet.engine()
  }

  /** The host quota the claim reads: ATRIUM_LABS_MAX for the local engine alone, the listed engines' sum otherwise. */
  capacity(): Promise<number> {
    return this.fleet.capacity()
  }

  /** Lab calls answer 503 with a plain message when the engine is away; the rest of the appliance carries on. */
  async requireEngine(): Promise<void> {
    if (!(await this.engine()).startsWith('up')) throw new ApiError(503, 'lab.engineDown')
  }

  /** Runs work for one key at a time (one learner's experiment): two quick clicks open one container, not two. */
  serial<T>(key: string, work: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(key) ?? Promise.resolve()
    const next = prev.catch(() => undefined).then(work)
    this.locks.set(key, next)
    void next
      .catch(() => undefined)
      .finally(() => {
        if (this.locks.get(key) === next) this.locks.delete(key)
      })
    return next
  }

  /** Reconciles from labels, refills pools and schedules the reaper; an absent engine is logged, not fatal. */
  async start(): Promise<void> {
    // An import or build cut short by the last stop cannot resume (its upload is gone): say so on the row.
    await this.db
      .update(labImage)
      .set({ buildState: 2, buildLog: 'interrupted by a restart' })
      .where(eq(labImage.buildState, 1))
    if ((await this.engine()).startsWith('up')) {
      try {
        await reconcile(this)
      } catch (err) {
        this.log.error({ err }, 'lab reconcile failed')
      }
    } else this.log.warn('docker engine not reachable: labs are unavailable until it is')
    this.reaper = cron.schedule(
      `*/${Math.max(1, Math.min(59, this.settings.reapSeconds))} * * * * *`,
      () => void this.reapOnce(),
      // Processes of one machine share its engine: one of them reaps each slot (issue #27).
      onceAcrossProcesses(this.db, `labs.reaper@${nodeName()}`),
    )
  }

  async reapOnce(): Promise<void> {
    try {
      // Before the engine check: when every listed host is away, their labs still end after the grace.
      await watchHosts(this, this.fleet, this.tell)
      if ((await this.engine()).startsWith('up')) {
        await reap(this)
        // Warm containers `atrium labs pool` started meanwhile join the pools.
        await this.pools.sync()
      }
    } catch (err) {
      this.log.error({ err }, 'lab reaper failed')
    }
  }

  /** Stops the schedule and the terminals; containers keep running for the next start to find. */
  async stop(): Promise<void> {
    await this.reaper?.stop()
    this.terminals.closeAll()
    this.web.closeAll()
    await this.pools.idle()
  }
}
