import { and, eq, gt } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { labImage } from '../../db/schema/index.ts'
import { createContainer, type ImageRow } from './containers.ts'
import { L, volumeName } from './names.ts'
import type { Labs } from './service.ts'

export interface PoolEntry {
  containerId: string
  volume: string
  network: string | null
}

/**
 * Warm pools: per image, `poolSize` containers already started on a fresh
 * workspace, so opening a lab is a rename and a row update. Docker labels are
 * fixed at creation, so a pooled container is labelled with its pool and,
 * once handed over, its owner is the lab row that names its container id.
 */
export class Pools {
  private ready = new Map<string, PoolEntry[]>()
  private filling = new Map<string, Promise<void>>()

  constructor(private labs: Labs) {}

  size(imageRowId: string): number {
    return this.ready.get(imageRowId)?.length ?? 0
  }

  take(imageRowId: string): PoolEntry | undefined {
    return this.ready.get(imageRowId)?.shift()
  }

  /** Called by reconcile for pool containers found from a previous run. */
  adopt(imageRowId: string, entry: PoolEntry): void {
    const list = this.ready.get(imageRowId) ?? []
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
      const image = this.labs.db
        .select()
        .from(labImage)
        .where(and(eq(labImage.id, imageRowId), eq(labImage.isDeleted, 0), eq(labImage.buildState, 0)))
        .get()
      if (!image || this.size(imageRowId) >= image.poolSize) return
      if (!(await this.labs.host.imageExists(image.imageId))) return
      this.adopt(imageRowId, await this.make(image))
    }
  }

  private async make(image: ImageRow): Promise<PoolEntry> {
    const key = `pool-${randomBytes(5).toString('hex')}`
    const volume = volumeName(this.labs.applianceId, key)
    const made = await createContainer(this.labs, image, {
      name: `atrium-${this.labs.applianceId}-${key}`,
      volume,
      networkKey: key,
      labels: { [L.pool]: image.id },
    })
    return { containerId: made.containerId, volume, network: made.network }
  }

  /** Fills every image's pool (at start, after reconcile). */
  async fillAll(): Promise<void> {
    const images = this.labs.db
      .select({ id: labImage.id })
      .from(labImage)
      .where(and(gt(labImage.poolSize, 0), eq(labImage.isDeleted, 0)))
      .all()
    await Promise.all(images.map((i) => this.refill(i.id)))
  }

  /** Shrinks or empties a pool (pool size lowered, image removed): surplus containers and their workspaces go. */
  async trim(imageRowId: string, keep: number): Promise<void> {
    const list = this.ready.get(imageRowId) ?? []
    while (list.length > keep) {
      const e = list.pop()!
      await this.labs.host.remove(e.containerId)
      if (e.network) await this.labs.host.removeNetwork(e.network)
      await this.labs.host.removeVolume(e.volume)
    }
  }

  /** Waits for refills under way (shutdown, tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.filling.values()])
  }
}
