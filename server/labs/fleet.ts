import type Docker from 'dockerode'
import { PassThrough, type Readable } from 'node:stream'
import { and, count, desc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { labHost, userContainer } from '../../db/schema/index.ts'
import type { Db } from '../lib/db.ts'
import { ApiError } from '../lib/errors.ts'
import { now } from '../lib/time.ts'
import { dockerLabHost } from './docker.ts'
import type { LabHost, LabInfo, LabSpec } from './host.ts'
import { unseal } from './host-secret.ts'
import { L } from './names.ts'

/** The engine of DOCKER_HOST: labs run there while the platform lists no host (rows keep `host` NULL). */
export const LOCAL = 'local'
/** Label naming the lab host a container (and its workspace) was made on: each host reconciles only its own. */
export const HOST_LABEL = 'atrium.host'

type HostRow = typeof labHost.$inferSelect

/** One engine of the fleet, as this process sees it. */
export interface Member {
  name: string
  /** What `hm_user_container.host` holds for labs on it (NULL for the local engine). */
  column: string | null
  host: LabHost
  maxLabs: number
  /** Listed by the platform (a lab_host row); the local engine is not. */
  listed: boolean
  enabled: boolean
  endpoint: string
}

export interface HostStatus {
  name: string
  endpoint: string
  state: 'up' | 'down' | 'disabled'
  version: string | null
  maxLabs: number
  running: number
  downSince: string | null
}

/** dockerode's options for a listed engine: tcp:// with TLS, ssh://user@host, or a unix socket path. */
export function dockerOptions(row: HostRow, secret: string): string | Docker.DockerOptions {
  const key = row.tlsKey ? unseal(secret, row.tlsKey) : undefined
  if (row.endpoint.startsWith('unix://')) return row.endpoint.slice('unix://'.length)
  const url = new URL(row.endpoint)
  if (url.protocol === 'ssh:')
    return {
      protocol: 'ssh',
      host: url.hostname,
      port: Number(url.port || 22),
      username: decodeURIComponent(url.username),
      sshOptions: key ? { privateKey: key } : {},
    } as Docker.DockerOptions
  return {
    protocol: row.tlsCa || row.tlsCert ? 'https' : 'http',
    host: url.hostname,
    port: Number(url.port || 2376),
    ca: row.tlsCa ?? undefined,
    cert: row.tlsCert ?? undefined,
    key,
  }
}

/** Copies one readable to n writers (loading one image archive onto every engine); backpressure follows the slowest. */
function fanOut(src: Readable, n: number): PassThrough[] {
  const outs = Array.from({ length: n }, () => new PassThrough())
  for (const o of outs) src.pipe(o)
  src.on('error', (e) => outs.forEach((o) => o.destroy(e)))
  return outs
}

/**
 * The lab hosts as one LabHost (issue #27): the platform administrator lists engines in lab_host (none: the local
 * DOCKER_HOST engine). A new lab goes to the enabled, reachable engine with the most free places (its max minus
 * the labs running on it), preferring the engine that holds the learner's kept workspace; calls about a container
 * go to the engine it lives on (the row's `host`, remembered per process as a cache). Environments are loaded,
 * built, tagged and removed on every reachable engine. Each engine is probed on its own, at most every 5 s,
 * with one look-up in flight; the state seen is written to its row so every process and screen shows it.
 */
export class LabFleet implements LabHost {
  private adapters = new Map<string, { stamp: string; host: LabHost }>()
  private probes = new Map<string, { at: number; value: string }>()
  private lookups = new Map<string, Promise<string>>()
  /** container id → member name, and private network → member name: caches, the rows are the record. */
  private where = new Map<string, string>()
  private nets = new Map<string, string>()

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly secret: string,
    readonly local: LabHost,
    private readonly localMax: () => number,
  ) {}

  /**
   * The listed engines, read at most every 2 s: every health check and lab call asks for them (a query built per
   * call cost health ~130 µs), and the list changes when the platform administrator edits it — here `forget()`
   * drops the copy at once; another process's edit shows within 2 s.
   */
  private listed?: { at: number; rows: HostRow[] }
  private rows(): HostRow[] {
    const now = Date.now()
    if (!this.listed || now - this.listed.at >= 2000)
      this.listed = {
        at: now,
        rows: this.db.select().from(labHost).where(eq(labHost.isDeleted, 0)).orderBy(labHost.name).all(),
      }
    return this.listed.rows
  }

  /** Every engine: the listed ones and the local one (which takes new labs only while none is listed). */
  members(): Member[] {
    const rows = this.rows()
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
    }))
    const local: Member = {
      name: LOCAL,
      column: null,
      host: this.local,
      maxLabs: max,
      listed: false,
      enabled: !rows.some((r) => r.enabled === 1),
      endpoint: 'DOCKER_HOST',
    }
    return [local, ...listed]
  }

  private adapter(r: HostRow): LabHost {
    const stamp = `${r.endpoint}|${r.updateTime}|${r.tlsKey?.length ?? 0}`
    const known = this.adapters.get(r.name)
    if (known?.stamp === stamp) return known.host
    const host = dockerLabHost(dockerOptions(r, this.secret))
    this.adapters.set(r.name, { stamp, host })
    this.probes.delete(r.name)
    return host
  }

  private member(name: string | null | undefined): Member | undefined {
    return this.members().find((m) => m.name === (name ?? LOCAL))
  }

  /** 'up <version>' or 'down', like the single engine's probe: a stale answer is returned while one refresh runs. */
  probe(m: Member): Promise<string> {
    const state = this.probes.get(m.name)
    if (state && Date.now() - state.at < 5000) return Promise.resolve(state.value)
    let lookup = this.lookups.get(m.name)
    if (!lookup) {
      lookup = m.host.version().then(
        (v) => this.seen(m, `up ${v}`),
        () => this.seen(m, 'down'),
      )
      this.lookups.set(m.name, lookup)
    }
    return state ? Promise.resolve(state.value) : lookup
  }

  /** The last probe's answer without waiting (unknown counts as up: the next call finds out). */
  private lastSeen(m: Member): boolean {
    return !this.probes.get(m.name)?.value.startsWith('down')
  }

  private seen(m: Member, value: string): string {
    const before = this.probes.get(m.name)?.value
    if (before && before.startsWith('up') !== value.startsWith('up'))
      this.log.warn({ host: m.name, state: value }, value.startsWith('up') ? 'lab host back' : 'lab host down')
    this.probes.set(m.name, { at: Date.now(), value })
    this.lookups.delete(m.name)
    if (m.listed) {
      const stamp = now()
      const up = value.startsWith('up')
      // downSince is kept from the first probe that failed: the grace counts from there, whichever process saw it.
      this.db
        .update(labHost)
        .set(
          up
            ? { state: 'up', version: value.slice(3), downSince: null, checkedAt: stamp }
            : { state: 'down', downSince: sql`coalesce(${labHost.downSince}, ${stamp})`, checkedAt: stamp },
        )
        .where(and(eq(labHost.name, m.name), eq(labHost.isDeleted, 0)))
        .run()
      this.listed = undefined // the row's state and downSince just changed
    }
    return value
  }

  async isUp(m: Member): Promise<boolean> {
    return (await this.probe(m)).startsWith('up')
  }

  /** Engines that hold environments: those taking labs and every listed one (a disabled host may come back). */
  private imageMembers(): Promise<Member[]> {
    return this.upMembers(this.members().filter((m) => m.enabled || m.listed))
  }

  /**
   * Whether calls go to an engine: a listed one (or the local one beside listed ones) only while its probe answers,
   * so a dead remote engine never stalls a pass; the local engine of a single box is always asked, as before there
   * were several, and its own errors say what is wrong (a probe slow under load does not hide its containers).
   */
  private async reachable(m: Member): Promise<boolean> {
    return (!m.listed && m.enabled) || this.isUp(m)
  }

  private async upMembers(all = this.members()): Promise<Member[]> {
    const states = await Promise.all(all.map((m) => this.reachable(m)))
    return all.filter((_, i) => states[i])
  }

  /** Running labs per engine (its `host` column). */
  private runningByHost(): Map<string, number> {
    const rows = this.db
      .select({ host: userContainer.host, n: count() })
      .from(userContainer)
      .where(and(eq(userContainer.state, 'running'), eq(userContainer.isDeleted, 0)))
      .groupBy(userContainer.host)
      .all()
    return new Map(rows.map((r) => [r.host ?? LOCAL, r.n]))
  }

  /**
   * Places the appliance's total: with listed engines, the sum of the enabled ones not seen down (the host
   * quota of ATRIUM_LABS_MAX applies to the local engine alone). Synchronous: the quota's claim reads it.
   */
  capacity(): number {
    const takers = this.members().filter((m) => m.enabled)
    return takers.reduce((sum, m) => sum + (this.lastSeen(m) ? m.maxLabs : 0), 0)
  }

  /** Engines with their state, labs and capacity (health, the running-labs screen, `atrium labs hosts list`). */
  async status(): Promise<HostStatus[]> {
    const members = this.members()
    const running = this.runningByHost()
    const rows = new Map(this.rows().map((r) => [r.name, r]))
    const out: HostStatus[] = []
    for (const m of members) {
      // The local engine is shown while it takes labs or still runs some.
      if (!m.listed && !m.enabled && !running.get(LOCAL)) continue
      const value = await this.probe(m)
      out.push({
        name: m.name,
        endpoint: m.endpoint,
        state: !m.enabled && m.listed ? 'disabled' : value.startsWith('up') ? 'up' : 'down',
        version: value.startsWith('up') ? value.slice(3) : null,
        maxLabs: m.maxLabs,
        running: running.get(m.name) ?? 0,
        downSince: rows.get(m.name)?.downSince ?? null,
      })
    }
    return out
  }

  /**
   * The engine a new container goes to: the one holding the learner's kept workspace of this experiment if it
   * is up and has room, else the enabled, reachable engine with the image and the most free places.
   */
  async place(labels: Record<string, string>, image?: string): Promise<Member> {
    const up = await this.upMembers(this.members().filter((m) => m.enabled))
    const withImage = image
      ? (await Promise.all(up.map((m) => m.host.imageExists(image).catch(() => false)))).flatMap((has, i) =>
          has ? [up[i]!] : [],
        )
      : up
    if (!withImage.length) throw new ApiError(503, up.length ? 'lab.imageMissingOnHosts' : 'lab.engineDown')
    const running = this.runningByHost()
    const free = (m: Member) => m.maxLabs - (running.get(m.name) ?? 0)
    const user = labels[L.user]
    const exp = labels[L.experiment]
    if (user && exp) {
      const kept = this.db
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
        .orderBy(desc(userContainer.id))
        .limit(1)
        .get()
      const home = kept && withImage.find((m) => m.name === (kept.host ?? LOCAL))
      // The row being opened counts itself already on the engine its claim named (none yet): > 0 means room.
      if (home && free(home) > 0) return home
    }
    return withImage.reduce((best, m) => (free(m) > free(best) ? m : best))
  }

  /** The engine a container lives on: this process's cache, then its lab row, then asking each reachable engine. */
  private async route(id: string): Promise<Member | undefined> {
    const members = this.members()
    const cached = this.where.get(id)
    if (cached) return members.find((m) => m.name === cached)
    const row = this.db
      .select({ host: userContainer.host })
      .from(userContainer)
      .where(eq(userContainer.containerId, id))
      .get()
    let found = row ? members.find((m) => m.name === (row.host ?? LOCAL)) : undefined
    if (!found)
      for (const m of await this.upMembers(members))
        if (await m.host.inspect(id).catch(() => null)) {
          found = m
          break
        }
    if (found) this.where.set(id, found.name)
    return found
  }

  /** Routes a call about one container; an engine that is down answers 503 (its labs end after the grace). */
  private async on<T>(id: string, work: (h: LabHost) => Promise<T>): Promise<T> {
    const m = await this.route(id)
    if (!m) throw Object.assign(new Error(`no such container: ${id}`), { statusCode: 404 })
    if (!(await this.reachable(m))) throw new ApiError(503, 'lab.hostDown', { host: m.name })
    return work(m.host)
  }

  /** For removals: an engine that is down keeps the object; reconciling it by labels when it is back removes it. */
  private async onIfUp(m: Member | undefined, work: (h: LabHost) => Promise<void>): Promise<void> {
    if (m && (await this.reachable(m))) await work(m.host)
  }

  /** Whether rows on that engine can be checked now (reconcile leaves a down engine's labs to the host-lost pass). */
  reaches(column: string | null): boolean {
    const m = this.members().find((x) => x.name === (column ?? LOCAL))
    return !!m && ((!m.listed && m.enabled) || this.lastSeen(m))
  }

  /** Records which engine a lab row runs on (a warm container handed over may sit on another than planned). */
  private recordRow(labId: string, m: Member) {
    this.db
      .update(userContainer)
      .set({ host: m.column })
      .where(and(eq(userContainer.id, labId), eq(userContainer.state, 'running')))
      .run()
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

  // ---- LabHost ----

  /** 'up <version>' while an engine taking new labs answers (the first that does), else 'down'. */
  async engine(): Promise<string> {
    const values = await Promise.all(
      this.members()
        .filter((m) => m.enabled)
        .map((m) => this.probe(m)),
    )
    return values.find((v) => v.startsWith('up')) ?? 'down'
  }

  async version(): Promise<string> {
    const up = await this.engine()
    if (up === 'down') throw new Error('no lab engine reachable')
    return up.slice(3)
  }

  async imageExists(ref: string): Promise<boolean> {
    for (const m of await this.imageMembers()) if (await m.host.imageExists(ref).catch(() => false)) return true
    return false
  }

  async loadImage(tarball: Readable, onProgress?: Parameters<LabHost['loadImage']>[1]): Promise<string[]> {
    const up = await this.imageMembers()
    if (!up.length) throw new ApiError(503, 'lab.engineDown')
    const copies = fanOut(tarball, up.length)
    const refs = await Promise.all(up.map((m, i) => m.host.loadImage(copies[i]!, i === 0 ? onProgress : undefined)))
    return refs[0]!
  }

  async buildImage(
    context: Readable,
    tag: string,
    limits: Parameters<LabHost['buildImage']>[2],
    onProgress?: Parameters<LabHost['buildImage']>[3],
  ) {
    const up = await this.imageMembers()
    if (!up.length) throw new ApiError(503, 'lab.engineDown')
    const copies = fanOut(context, up.length)
    await Promise.all(up.map((m, i) => m.host.buildImage(copies[i]!, tag, limits, i === 0 ? onProgress : undefined)))
  }

  async tagImage(ref: string, target: string) {
    const results = await Promise.allSettled((await this.imageMembers()).map((m) => m.host.tagImage(ref, target)))
    const failed = results.find((r) => r.status === 'rejected')
    if (failed && results.every((r) => r.status === 'rejected')) throw (failed as PromiseRejectedResult).reason
  }

  async removeImage(ref: string) {
    await Promise.all((await this.imageMembers()).map((m) => m.host.removeImage(ref)))
  }

  async create(spec: LabSpec): Promise<string> {
    const netHost = spec.network !== 'none' ? this.nets.get(spec.network) : undefined
    const m = (netHost && this.member(netHost)) || (await this.place(spec.labels, spec.image))
    const id = await m.host.create({ ...spec, labels: { ...spec.labels, [HOST_LABEL]: m.name } })
    this.where.set(id, m.name)
    const lab = spec.labels[L.lab]
    if (lab) this.recordRow(lab, m)
    return id
  }

  start(id: string) {
    return this.on(id, (h) => h.start(id))
  }

  async remove(id: string) {
    await this.onIfUp(await this.route(id), (h) => h.remove(id))
    this.where.delete(id)
  }

  async rename(id: string, name: string) {
    await this.on(id, (h) => h.rename(id, name))
    // A warm container handed to a learner: its lab row now runs on the container's engine.
    const lab = /-(\d{6,})$/.exec(name)?.[1]
    const m = await this.route(id)
    if (lab && m) this.recordRow(lab, m)
  }

  async inspect(id: string) {
    const m = await this.route(id)
    if (!m || !(await this.reachable(m))) return null
    return m.host.inspect(id)
  }

  async list(labels: Record<string, string>): Promise<LabInfo[]> {
    const out: LabInfo[] = []
    for (const m of await this.upMembers())
      for (const c of await this.listOn(m, labels)) {
        this.where.set(c.id, m.name)
        out.push(c)
      }
    return out
  }

  /** An engine's own containers: made there (host label), or from before labels named hosts (the local engine). */
  async listOn(m: Member, labels: Record<string, string>): Promise<LabInfo[]> {
    const all = await m.host.list(labels)
    return all.filter((c) => (c.labels[HOST_LABEL] ?? LOCAL) === m.name)
  }

  async stats(id: string) {
    const m = await this.route(id)
    if (!m || !(await this.reachable(m))) return null
    return m.host.stats(id)
  }

  async removeVolume(name: string) {
    // A workspace lives where its lab ran; a name is one learner's experiment, so removing it everywhere is exact.
    await Promise.all((await this.upMembers()).map((m) => m.host.removeVolume(name)))
  }

  async listVolumes(labels: Record<string, string>) {
    const names = await Promise.all((await this.upMembers()).map((m) => m.host.listVolumes(labels)))
    return [...new Set(names.flat())]
  }

  async volumeSizes(labels: Record<string, string>) {
    const sizes = new Map<string, number>()
    for (const m of await this.upMembers())
      for (const [k, v] of await m.host.volumeSizes(labels)) sizes.set(k, Math.max(v, sizes.get(k) ?? -1))
    return sizes
  }

  async createNetwork(name: string, labels: Record<string, string>, subnet: string) {
    // Made before its container: the network decides the engine, and the container follows it (create()).
    const m = await this.place(labels)
    await m.host.createNetwork(name, { ...labels, [HOST_LABEL]: m.name }, subnet)
    this.nets.set(name, m.name)
  }

  async removeNetwork(name: string) {
    const known = this.nets.get(name)
    const row = known
      ? undefined
      : this.db.select({ host: userContainer.host }).from(userContainer).where(eq(userContainer.network, name)).get()
    const m = this.member(known ?? row?.host)
    if (known || row) await this.onIfUp(m, (h) => h.removeNetwork(name))
    else await Promise.all((await this.upMembers()).map((x) => x.host.removeNetwork(name)))
    this.nets.delete(name)
  }

  exec(id: string, cmd: string[], opts: Parameters<LabHost['exec']>[2]) {
    return this.on(id, (h) => h.exec(id, cmd, opts))
  }

  run(id: string, cmd: string[]) {
    return this.on(id, (h) => h.run(id, cmd))
  }

  getArchive(id: string, path: string) {
    return this.on(id, (h) => h.getArchive(id, path))
  }

  putArchive(id: string, path: string, tar: Buffer) {
    return this.on(id, (h) => h.putArchive(id, path, tar))
  }
}
