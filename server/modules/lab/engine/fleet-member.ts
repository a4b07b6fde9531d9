import type Docker from 'dockerode'
import type { labHost } from '../../../../db/schema/index.ts'
import type { LabHost } from './host.ts'
import type { HostProblem } from './host-problem.ts'
import { unseal } from '../../../lib/sealed.ts'
import { sshAgent } from './ssh-tunnel.ts'

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
  /** Reached over TLS (tcp:// with a CA or client certificate): a handshake dropped there is a refused certificate. */
  tls: boolean
}

export interface HostStatus {
  name: string
  endpoint: string
  state: 'up' | 'down' | 'disabled'
  version: string | null
  maxLabs: number
  running: number
  downSince: string | null
  /** Why its last probe failed (null while it answers): what the platform administrator should check. */
  problem: HostProblem | null
}

/**
 * The public key an ssh:// engine must show, from the CA field (for SSH it holds the host's public key, as in
 * known_hosts: `ssh-ed25519 AAAA…`, optionally after the host name). undefined when none is given, null when the
 * text is not such a line (refused when written; a connection with it is refused too).
 */
export function sshHostKey(text: string | null | undefined): Buffer | null | undefined {
  if (!text?.trim()) return undefined
  const fields = text.trim().split(/\s+/)
  const at = fields.findIndex((f) => /^(ssh-|ecdsa-|sk-)/.test(f))
  const blob = at >= 0 ? fields[at + 1] : undefined
  return blob && /^[A-Za-z0-9+/]+={0,2}$/.test(blob) ? Buffer.from(blob, 'base64') : null
}

/** How long a listed engine's version probe waits: farther engines take longer, an SSH one first logs in. */
export const probeSeconds = (row: HostRow) =>
  row.endpoint.startsWith('ssh:') ? 5 : row.endpoint.startsWith('tcp:') ? 3 : 1.5

/**
 * dockerode's options for a listed engine: tcp:// with TLS, ssh://user@host (one login with the key, shared by the
 * engine's calls, each running `docker system dial-stdio` there: ssh-tunnel.ts), or a unix socket path. An SSH engine's host key is checked when the row
 * gives one (sshHostKey); without one any host key is accepted.
 */
export function dockerOptions(row: HostRow, secret: string): string | Docker.DockerOptions {
  const key = row.tlsKey ? unseal(secret, row.tlsKey) : undefined
  if (row.endpoint.startsWith('unix://')) return row.endpoint.slice('unix://'.length)
  const url = new URL(row.endpoint)
  if (url.protocol === 'ssh:') {
    const pinned = sshHostKey(row.tlsCa)
    // docker-modem takes an http agent (its `agent` option; dockerode's types leave it out).
    return {
      protocol: 'http',
      host: url.hostname,
      port: Number(url.port || 22),
      agent: sshAgent({
        host: url.hostname,
        port: Number(url.port || 22),
        username: decodeURIComponent(url.username),
        ...(key ? { privateKey: key } : {}),
        ...(pinned !== undefined ? { hostVerifier: (seen: Buffer) => !!pinned?.equals(seen) } : {}),
      }),
    } as Docker.DockerOptions
  }
  return {
    protocol: row.tlsCa || row.tlsCert ? 'https' : 'http',
    host: url.hostname,
    port: Number(url.port || 2376),
    ca: row.tlsCa ?? undefined,
    cert: row.tlsCert ?? undefined,
    key,
  }
}
