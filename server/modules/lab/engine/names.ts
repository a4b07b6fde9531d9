import { createHash } from 'node:crypto'
import { formatDateTime } from '../../../lib/time.ts'

/**
 * Labels and names. Every object the appliance makes on the engine carries
 * `atrium.appliance=<id>` (derived from this data directory's secret), so two
 * appliances — or two test apps — sharing an engine never touch each other's.
 */
export const L = {
  appliance: 'atrium.appliance',
  tenant: 'atrium.tenant',
  user: 'atrium.user',
  experiment: 'atrium.experiment',
  lab: 'atrium.lab',
  pool: 'atrium.pool',
} as const

export const applianceIdOf = (secret: string) =>
  createHash('sha256').update(`labs:${secret}`).digest('hex').slice(0, 12)

export const labName = (app: string, rowId: string) => `atrium-${app}-${rowId}`
export const volumeName = (app: string, key: string) => `atrium-ws-${app}-${key}`
export const networkName = (app: string, key: string) => `atrium-net-${app}-${key}`

/** Times are kept as the appliance's local 'yyyy-MM-dd HH:mm:ss' text (sortable); these convert. */
export const at = (ms: number) => formatDateTime(new Date(ms))
export const msOf = (s: string | null | undefined) => (s ? new Date(s.replace(' ', 'T')).getTime() : 0)
