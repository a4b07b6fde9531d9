import { and, eq, gt, inArray } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { labImage, userContainer } from '../../../../db/schema/index.ts'
import { ApiError } from '../../../lib/errors.ts'
import { first } from '../../../lib/rows.ts'
import { createContainer } from './containers.ts'
import { L, volumeName } from './names.ts'
import { fitsPolicy, readLabPolicy } from './policy.ts'
import type { ImageRow, LabKit, PoolEntry } from './lab-kit.ts'
import { notDeleted } from '../../../lib/tenant-rows.ts'

/**
 * Warm pools: per image, `poolSize` containers already started on a fresh
 * workspace, so opening a lab is a rename and a row update. Docker labels are
 * fixed at creation, so a pooled container is labelled with its pool and,
 * once handed over, its owner is the lab row that names its container id.
 */
export class Pools {
  private ready = new Map<string, PoolEntry[]>()
  private filling = new Map<string, Promise<void>>()
  /** Names of pool containers this process is creating (not adopted yet): a sync must not adopt them twice. */
  private making = new Set<string>()
  /** Containers taken for a lab whose row does not name them yet: a sync in that window must not adopt them again. */
  private handing = new Set<string>()

  constructor(private labs: LabKit) {}

  size(imageRowId: string): number {
    return this.ready.get(imageRowId)?.length ?? 0
  }

  take(imageRowId: string): PoolEntry | undefined {
    const entry = this.ready.get(imageRowId)?.shift()
    if (entry) this.handing.add(entry.containerId)
    return entry
  }

  /** The lab row now names the container taken (or the open failed): it is no longer the pool's. */
  handed(containerId: string): void {
    this.handing.delete(containerId)
  }

  /** Called by reconcile for pool containers found from a previous run, and by sync for those another process made. */
  adopt(imageRowId: string, entry: PoolEntry): void {
    const list = this.ready.get(imageRowId) ?? []
    if ([...this.ready.values()].some((l) => l.some((e) => e.containerId === entry.containerId))) return
    list.push(entry)
    this.ready.set(imageRowId, list)
  }

  /** Tops the image's pool up in the background; one refill per image at a time. */
  refill(imageRowId: string): Promise<void> {
    const running = this.filling.get(imageRowId)
    if (running) return running
    const work = this.fill(imageRowId)
      .catch((err) => this.labs.log.warn({ err, imageRowId }, 'pool refill failed'))
      .finally(() => this.filling.delete(imageRowId))
    this.filling.set(imageRowId, work)
    return work
  }

  private async fill(imageRowId: string) {
    for (;;) {
      const image = await first(
        this.labs.db
          .select()
          .from(labImage)
          .where(and(eq(labImage.id, imageRowId), notDeleted(labImage), eq(labImage.buildState, 0))),
      )
      if (!image || this.size(imageRowId) >= image.poolSize) return
      if (!(await this.labs.host.imageExists(image.imageId))) return
      this.adopt(imageRowId, await this.make(image))
    }
  }

  /** Starts one warm container for an image (labelled with its pool, like every process makes them). */
  async make(image: ImageRow): Promise<PoolEntry> {
    const key = `pool-${randomBytes(5).toString('hex')}`
    const name = `atrium-${this.labs.applianceId}-${key}`
    const volume = volumeName(this.labs.applianceId, key)
    this.making.add(name)
    try {
      const made = await createContainer(this.labs, image, {
        name,
        volume,
        networkKey: key,
        labels: { [L.pool]: image.id },
      })
      return { containerId: made.containerId, volume, network: made.network }
    } finally {
      this.making.delete(name)
    }
  }

  /**
   * Adopts warm containers another process started on the engine — `atrium
   * labs pool` warms a class's worth before a lesson while the server runs:
   * running, labelled with this appliance and a live environment of the same
   * image, and not handed over to a lab yet. Runs with every reaper pass and
   * when an open finds its pool empty. Answers how many it adopted.
   */
  async sync(imageRowId?: string): Promise<number> {
    const found = (await this.labs.host.list({ [L.appliance]: this.labs.applianceId })).filter(
      (c) =>
        c.running && !!c.labels[L.pool] && (!imageRowId || c.labels[L.pool] === imageRowId) && !this.making.has(c.name),
    )
    const known = new Set(
      [...this.ready.values()].flatMap((l) => l.map((e) => e.containerId)).concat([...this.handing]),
    )
    const fresh = found.filter((c) => !known.has(c.id))
    if (!fresh.length) return 0
    const handedOver = new Set(
      (
        await this.labs.db
          .select({ id: userContainer.containerId })
          .from(userContainer)
          .where(
            inArray(
              userContainer.containerId,
              fresh.map((c) => c.id),
            ),
          )
      ).map((r) => r.id),
    )
    let adopted = 0
    for (const c of fresh) {
      if (handedOver.has(c.id)) continue
      const image = await first(
        this.labs.db
          .select()
          .from(labImage)
          .where(and(eq(labImage.id, c.labels[L.pool]), notDeleted(labImage))),
      )
      if (!image || image.imageId !== c.image) continue
      const info = await this.labs.host.inspect(c.id)
      const volume = info?.mounts.find((m) => m.type === 'volume')?.name
      if (!info?.running || !volume) continue
      if (!fitsPolicy(await readLabPolicy(this.labs.db), image.tenantId, info)) {
        await this.discard({
          containerId: c.id,
          volume,
          network: info.networkMode === 'none' ? null : info.networkMode,
        })
        continue
      }
      this.adopt(image.id, {
        containerId: c.id,
        volume,
        network: info.networkMode === 'none' ? null : info.networkMode,
      })
      adopted++
    }
    if (adopted) this.labs.log.info({ adopted }, 'warm lab containers adopted')
    return adopted
  }

  /**
   * `atrium labs pool IMAGE --count N`: starts N warm containers for an
   * environment now (before a lesson), N at most `parallel` at a time. They
   * carry the same labels as the server's own, so the running server adopts
   * them (sync) and a restart keeps them (reconcile).
   */
  async warm(imageRowId: string, count: number, parallel = 4): Promise<PoolEntry[]> {
    const image = await first(
      this.labs.db
        .select()
        .from(labImage)
        .where(and(eq(labImage.id, imageRowId), notDeleted(labImage))),
    )
    if (!image) throw new ApiError(404, 'lab.imageUnknown', { id: imageRowId })
    if (image.buildState !== 0) throw new ApiError(409, 'lab.imageBusy')
    if (!(await this.labs.host.imageExists(image.imageId))) throw new ApiError(409, 'lab.imageMissing')
    const made: PoolEntry[] = []
    let next = 0
    const worker = async () => {
      while (next < count) {
        next++
        const entry = await this.make(image)
        this.adopt(image.id, entry)
        made.push(entry)
      }
    }
    await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker))
    return made
  }

  /** What each pool holds now (the running-labs screen). */
  summary(): { imageRowId: string; ready: number }[] {
    return [...this.ready.entries()].map(([imageRowId, l]) => ({ imageRowId, ready: l.length }))
  }

  /** Fills every image's pool (at start, after reconcile). */
  async fillAll(): Promise<void> {
    const images = await this.labs.db
      .select({ id: labImage.id })
      .from(labImage)
      .where(and(gt(labImage.poolSize, 0), notDeleted(labImage)))
    await Promise.all(images.map((i) => this.refill(i.id)))
  }

  /** Removes a warm container that will not be handed over (it no longer fits the policy), with its network and workspace. */
  async discard(e: PoolEntry): Promise<void> {
    this.handing.delete(e.containerId)
    await this.labs.host.remove(e.containerId)
    if (e.network) await this.labs.host.removeNetwork(e.network)
    await this.labs.host.removeVolume(e.volume)
  }

  /** Shrinks or empties a pool (pool size lowered, image removed): surplus containers and their workspaces go. */
  async trim(imageRowId: string, keep: number): Promise<void> {
    const list = this.ready.get(imageRowId) ?? []
    while (list.length > keep) {
      await this.discard(list.pop()!)
    }
  }

  /** Waits for refills under way (shutdown, tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.filling.values()])
  }
}
