/**
 * What the parts of the lab service (containers, pools, quota, reaper,
 * reconcile, terminals, web proxy, workspaces) are given: the members of Labs
 * they use, declared here so that they do not import service.ts, which
 * imports them (issue #26: no import cycles, type-only ones included). Labs
 * implements it; the pools, terminals and web proxy are seen through the
 * calls the parts make on them.
 */
import type { Logger } from 'pino'
import type { experiment, labImage, userContainer } from '../../../../db/schema/index.ts'
import type { Db } from '../../../lib/db.ts'
import type { LabHost } from './host.ts'
import type { LabSettings } from './settings.ts'
import type { Subnets } from './subnets.ts'

export type ImageRow = typeof labImage.$inferSelect
export type ExperimentRow = typeof experiment.$inferSelect
export type LabRow = typeof userContainer.$inferSelect

/** A warm container waiting in its environment's pool. */
export interface PoolEntry {
  containerId: string
  volume: string
  network: string | null
}

export interface LabKit {
  readonly db: Db
  readonly log: Logger
  readonly host: LabHost
  readonly settings: LabSettings
  readonly applianceId: string
  readonly subnets: Subnets
  readonly pools: {
    size(imageRowId: string): number
    take(imageRowId: string): PoolEntry | undefined
    handed(containerId: string): void
    adopt(imageRowId: string, entry: PoolEntry): void
    refill(imageRowId: string): Promise<void>
    sync(imageRowId?: string): Promise<number>
    fillAll(): Promise<void>
    discard(e: PoolEntry): Promise<void>
  }
  readonly terminals: { attached(labId: string): boolean; closeLab(labId: string, reason?: string): void }
  readonly web: { attached(labId: string): boolean; closeLab(labId: string): void }
  /** Running labs the appliance takes at most (the host quota), over its engines. */
  capacity(): Promise<number>
  serial<T>(key: string, work: () => Promise<T>): Promise<T>
  requireEngine(): Promise<void>
}
