import { chmodSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The data directory holds every school's records, uploads and secrets: it
 * and what sits in it are the service user's alone (directories 0700,
 * database, WAL, shared memory and secrets 0600), set explicitly at every
 * start so the umask of whoever installed or restored it does not matter.
 * Nothing under a 0700 directory is reachable by other users, so deeper
 * files (uploads, backups) need no walk; new uploads are written 0600 anyway.
 */
export function privateDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  chmodSync(dataDir, 0o700)
  for (const e of readdirSync(dataDir, { withFileTypes: true })) {
    const path = join(dataDir, e.name)
    if (e.isDirectory()) chmodSync(path, 0o700)
    else if (e.isFile()) chmodSync(path, 0o600)
  }
}
