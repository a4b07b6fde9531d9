import { and, count, desc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { labHost, userContainer } from '../../../../db/schema/index.ts'
import type { Db } from '../../../lib/db.ts'
import { ApiError } from '../../../lib/errors.ts'
import { first } from '../../../lib/rows.ts'
import { now } from '../../../lib/time.ts'
import { dockerLabHost } from './docker.ts'
import { LOCAL, dockerOptions, probeSeconds, type HostRow, type HostStatus, type Member } from './fleet-member.ts'
import { hostProblem, type HostProblem } from './host-problem.ts'
import type { LabHost } from './host.ts'
import { L } from './names.ts'
import { notDeleted } from '../../../lib/tenant-rows.ts'

/**
 * The engines labs may run on (issue #27), as this process sees them: the ones the platform administrator lists
 * in lab_host and the local DOCKER_HOST engine (which takes new labs only while none is listed). Each engine is
 * probed on its own, at most every 5 s, with one look-up in flight; the state seen is written to its row so every
 * process and screen shows it. A new lab is placed here: on the engine holding the learner's kept workspace,
 * else on the enabled, reachable engine with the image and the most free places.
 */
export class FleetRoster {
  private adapters = new Map<string, { stamp: string; host: LabHost }>()
  private probes = new Map<string, { at: number; value: string; problem: HostProblem | null }>()
  private lookups = new Map<string, Promise<string>>()

  constructor(
    protected readonly db: Db,
    protected readonly log: Logger,
    protected readonly secret: string,
    readonly local: LabHost,
    private readonly localMax: () => number,
  ) {}

  /**
   * The listed engines, read at most every 2 s: every health check and lab call asks for them (a query built per
   * call cost health ~130 µs), and the list changes when the platform administrator edits it — here `forget()`
   * drops the copy at once; another process's edit shows within 2 s.
   */
  private listed?: { at: number; rows: HostRow[] }
  private async rows(): Promise<HostRow[]> {
    const now = Date.now()
    if (!this.listed || now - this.listed.at >= 2000)
      this.listed = {
        at: now,
        rows: await this.db.select().from(labHost).where(notDeleted(labHost)).orderBy(labHost.name),
      }
    return this.listed.rows
  }

  /** Every engine: the listed ones and the local one (which takes new labs only while none is listed). */
  async members(): Promise<Member[]> {
    const rows = await this.rows()
    const max = this.localMax()
    // Built again only when the listed rows were read again (or the local quota changed): health asks every time.
    if (this.built?.rows === rows && this.built.max === max) return this.built.members
    const members = this.build(rows, max)
    this.built = { rows, max, members }
    return members
  }

  private built?: { rows: HostRow[]; max: number; members: Member[] }

  private build(rows: HostRow[], max: number): Member[] {
    const listed = rows.map((r) => ({
      name: r.name,
      column: r.name,
      host: this.adapter(r),
      maxLabs: r.maxLabs,
      listed: true,
      enabled: r.enabled === 1,
      endpoint: r.endpoint,
      tls: r.endpoint.startsWith('tcp:') && !!(r.tlsCa || r.tlsCert),
    }))
    const local: Member = {
      name: LOCAL,
      column: null,
      host: this.local,
      maxLabs: max,
      listed: false,
      enabled: !rows.some((r) => r.enabled === 1),
      endpoint: 'DOCKER_HOST',
      tls: false,
    }
    return [local, ...listed]
  }

  private adapter(r: HostRow): LabHost {
    const stamp = `${r.endpoint}|${r.updateTime}|${r.tlsKey?.length ?? 0}`
    const known = this.adapters.get(r.name)
    if (known?.stamp === stamp) return known.host
    const host = dockerLabHost(dockerOptions(r, this.secret), probeSeconds(r))
    this.adapters.set(r.name, { stamp, host })
    this.probes.delete(r.name)
    return host
  }

  protected async member(name: string | null | undefined): Promise<Member | undefined> {
    return (await this.members()).find((m) => m.name === (name ?? LOCAL))
  }

  /** 'up <version>' or 'down', like the single engine's probe: a stale answer is returned while one refresh runs. */
  probe(m: Member): Promise<string> {
    const state = this.probes.get(m.name)
    if (state && Date.now() - state.at < 5000) return Promise.resolve(state.value)
    let lookup = this.lookups.get(m.name)
    if (!lookup) {
      lookup = m.host.version().then(
        (v) => this.seen(m, `up ${v}`, null),
        (err) => this.seen(m, 'down', hostProblem(err, m.endpoint.replace(/^\w+:\/\/([^@/]*@)?/, ''), m.tls)),
      )
      this.lookups.set(m.name, lookup)
    }
    return state ? Promise.resolve(state.value) : lookup
  }

  /** The last probe's answer without waiting (unknown counts as up: the next call finds out). */
  protected lastSeen(m: Member): boolean {
    return !this.probes.get(m.name)?.value.startsWith('down')
  }

  private async seen(m: Member, value: string, problem: HostProblem | null): Promise<string> {
    const before = this.probes.get(m.name)?.value
    if (before && before.startsWith('up') !== value.startsWith('up'))
      this.log.warn({ host: m.name, state: value, problem }, value.startsWith('up') ? 'lab host back' : 'lab host down')
    this.probes.set(m.name, { at: Date.now(), value, problem })
    this.lookups.delete(m.name)
    if (m.listed) {
      const stamp = now()
      const up = value.startsWith('up')
      // downSince is kept from the first probe that failed: the grace counts from there, whichever process saw it.
      await this.db
        .update(labHost)
        .set(
          up
            ? { state: 'up', version: value.slice(3), downSince: null, checkedAt: stamp }
            : { state: 'down', downSince: sql`coalesce(${labHost.downSince}, ${stamp})`, checkedAt: stamp },
        )
        .where(and(eq(labHost.name, m.name), notDeleted(labHost)))
      this.listed = undefined // the row's state and downSince just changed
    }
    return value
  }

  async isUp(m: Member): Promise<boolean> {
    return (await this.probe(m)).startsWith('up')
  }

  /** Engines that hold environments: those taking labs and every listed one (a disabled host may come back). */
  protected async imageMembers(): Promise<Member[]> {
    return this.upMembers((await this.members()).filter((m) => m.enabled || m.listed))
  }

  /**
   * Whether calls go to an engine: a listed one (or the local one beside listed ones) only while its probe answers,
   * so a dead remote engine never stalls a pass; the local engine of a single box is always asked, as before there
   * were several, and its own errors say what is wrong (a probe slow under load does not hide its containers).
   */
  protected async reachable(m: Member): Promise<boolean> {
    return (!m.listed && m.enabled) || this.isUp(m)
  }

  protected async upMembers(members?: Member[]): Promise<Member[]> {
    const all = members ?? (await this.members())
    const states = await Promise.all(all.map((m) => this.reachable(m)))
    return all.filter((_, i) => states[i])
  }

  /** Running labs per engine (its `host` column). */
  protected async runningByHost(): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ host: userContainer.host, n: count() })
      .from(userContainer)
      .where(and(eq(userContainer.state, 'running'), notDeleted(userContainer)))
      .groupBy(userContainer.host)
    return new Map(rows.map((r) => [r.host ?? LOCAL, r.n]))
  }

  /**
   * Places the appliance's total: with listed engines, the sum of the enabled ones not seen down (the host
   * quota of ATRIUM_LABS_MAX applies to the local engine alone). The quota's claim reads it before its transaction.
   */
  async capacity(): Promise<number> {
    const takers = (await this.members()).filter((m) => m.enabled)
    return takers.reduce((sum, m) => sum + (this.lastSeen(m) ? m.maxLabs : 0), 0)
  }

  /** Engines with their state, labs and capacity (health, the running-labs screen, `atrium labs hosts list`). */
  async status(): Promise<HostStatus[]> {
    const members = await this.members()
    const running = await this.runningByHost()
    // The local engine is shown while it takes labs or still runs some.
    const shown = members.filter((m) => m.listed || m.enabled || running.get(LOCAL))
    const values = await Promise.all(shown.map((m) => this.probe(m)))
    // Read after the probes: one that just found an engine down wrote its downSince to the row.
    const rows = new Map((await this.rows()).map((r) => [r.name, r]))
    const out: HostStatus[] = []
    for (const [i, m] of shown.entries()) {
      const value = values[i]!
      out.push({
        name: m.name,
        endpoint: m.endpoint,
        state: !m.enabled && m.listed ? 'disabled' : value.startsWith('up') ? 'up' : 'down',
        version: value.startsWith('up') ? value.slice(3) : null,
        maxLabs: m.maxLabs,
        running: running.get(m.name) ?? 0,
        downSince: rows.get(m.name)?.downSince ?? null,
        problem: value.startsWith('up') ? null : (this.probes.get(m.name)?.problem ?? null),
      })
    }
    return out
  }

  /**
   * The engine a new container goes to: the one holding the learner's kept workspace of this experiment if it
   * is up and has room, else the enabled, reachable engine with the image and the most free places.
   */
  async place(labels: Record<string, string>, image?: string): Promise<Member> {
    const up = await this.upMembers((await this.members()).filter((m) => m.enabled))
    const withImage = image
      ? (await Promise.all(up.map((m) => m.host.imageExists(image).catch(() => false)))).flatMap((has, i) =>
          has ? [up[i]!] : [],
        )
      : up
    if (!withImage.length) throw new ApiError(503, up.length ? 'lab.imageMissingOnHosts' : 'lab.engineDown')
    const running = await this.runningByHost()
    const free = (m: Member) => m.maxLabs - (running.get(m.name) ?? 0)
    const user = labels[L.user]
    const exp = labels[L.experiment]
    if (user && exp) {
      const kept = await first(
        this.db
          .select({ host: userContainer.host })
          .from(userContainer)
          .where(
            and(
              eq(userContainer.userId, user),
              eq(userContainer.experimentId, exp),
              isNotNull(userContainer.volume),
              or(isNull(userContainer.endReason), ne(userContainer.endReason, 'reset')),
            ),
          )
          .orderBy(desc(userContainer.id)),
      )
      const home = kept && withImage.find((m) => m.name === (kept.host ?? LOCAL))
      // The row being opened counts itself already on the engine its claim named (none yet): > 0 means room.
      if (home && free(home) > 0) return home
    }
    return withImage.reduce((best, m) => (free(m) > free(best) ? m : best))
  }

  /** Whether rows on that engine can be checked now (reconcile leaves a down engine's labs to the host-lost pass). */
  async reaches(column: string | null): Promise<boolean> {
    const m = (await this.members()).find((x) => x.name === (column ?? LOCAL))
    return !!m && ((!m.listed && m.enabled) || this.lastSeen(m))
  }

  /** Reloads the engines' adapters and answers on next use (after a host is added, changed or removed). */
  forget(name?: string) {
    this.listed = undefined
    if (name) {
      this.adapters.delete(name)
      this.probes.delete(name)
    } else {
      this.adapters.clear()
      this.probes.clear()
    }
  }
}
