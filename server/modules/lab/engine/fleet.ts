import type { Readable } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import { userContainer } from '../../../../db/schema/index.ts'
import { ApiError } from '../../../lib/errors.ts'
import { first } from '../../../lib/rows.ts'
import { fanOut } from './fan-out.ts'
import { HOST_LABEL, LOCAL, type Member } from './fleet-member.ts'
import { FleetRoster } from './fleet-roster.ts'
import type { LabHost, LabInfo, LabSpec } from './host.ts'
import { L } from './names.ts'

export { HOST_LABEL, LOCAL, dockerOptions, sshHostKey, type HostStatus, type Member } from './fleet-member.ts'

/**
 * The lab hosts as one LabHost (issue #27): the platform administrator lists engines in lab_host (none: the local
 * DOCKER_HOST engine). A new lab goes to the enabled, reachable engine with the most free places (its max minus
 * the labs running on it), preferring the engine that holds the learner's kept workspace; calls about a container
 * go to the engine it lives on (the row's `host`, remembered per process as a cache). Environments are loaded,
 * built, tagged and removed on every reachable engine. Each engine is probed on its own, at most every 5 s,
 * with one look-up in flight; the state seen is written to its row so every process and screen shows it.
 */
export class LabFleet extends FleetRoster implements LabHost {
  /** container id → member name, and private network → member name: caches, the rows are the record. */
  private where = new Map<string, string>()
  private nets = new Map<string, string>()

  /** The engine a container lives on: this process's cache, then its lab row, then asking each reachable engine. */
  private async route(id: string): Promise<Member | undefined> {
    const members = await this.members()
    const cached = this.where.get(id)
    if (cached) return members.find((m) => m.name === cached)
    const row = await first(
      this.db.select({ host: userContainer.host }).from(userContainer).where(eq(userContainer.containerId, id)),
    )
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

  /** Records which engine a lab row runs on (a warm container handed over may sit on another than planned). */
  private async recordRow(labId: string, m: Member) {
    await this.db
      .update(userContainer)
      .set({ host: m.column })
      .where(and(eq(userContainer.id, labId), eq(userContainer.state, 'running')))
  }

  // ---- LabHost ----

  /** 'up <version>' while an engine taking new labs answers (the first that does), else 'down'. */
  async engine(): Promise<string> {
    const values = await Promise.all((await this.members()).filter((m) => m.enabled).map((m) => this.probe(m)))
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
    const m = (netHost && (await this.member(netHost))) || (await this.place(spec.labels, spec.image))
    const id = await m.host.create({ ...spec, labels: { ...spec.labels, [HOST_LABEL]: m.name } })
    this.where.set(id, m.name)
    const lab = spec.labels[L.lab]
    if (lab) await this.recordRow(lab, m)
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
    if (lab && m) await this.recordRow(lab, m)
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
      : await first(
          this.db.select({ host: userContainer.host }).from(userContainer).where(eq(userContainer.network, name)),
        )
    const m = await this.member(known ?? row?.host)
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
