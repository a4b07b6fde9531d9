import type Docker from 'dockerode'
import type { labHost } from '../../../../db/schema/index.ts'
import type { LabHost } from './host.ts'
import { unseal } from './host-secret.ts'

/** The engine of DOCKER_HOST: labs run there while the platform lists no host (rows keep `host` NULL). */
export const LOCAL = 'local'
/** Label naming the lab host a container (and its workspace) was made on: each host reconciles only its own. */
export const HOST_LABEL = 'atrium.host'

export type HostRow = typeof labHost.$inferSelect

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
