import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** Directories every start makes, so nothing later creates them under its own umask (uploads, temp files). */
const OWN_DIRS = ['tmp', 'uploads', 'uploads/public', 'uploads/private']

/**
 * The data directory holds every school's records, uploads and secrets: it
 * and everything in it are the service user's alone (directories 0700, files
 * 0600; an owner's execute bit is kept, so a lab's code folder keeps its
 * scripts runnable), set explicitly at every start so the umask of whoever
 * installed, restored or copied files into it does not matter. The whole tree is walked
 * (uploads, temp files, backups); links are never followed, so a link inside
 * cannot make a start change a file elsewhere.
 */
export function privateDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  for (const d of OWN_DIRS) mkdirSync(join(dataDir, d), { recursive: true, mode: 0o700 })
  chmodSync(dataDir, 0o700)
  privateTree(dataDir)
}

function privateTree(dir: string): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name)
    if (e.isDirectory()) {
      chmodSync(path, 0o700)
      privateTree(path)
    } else if (e.isFile()) {
      const mode = lstatSync(path).mode & 0o777
      if (mode & 0o077 || (mode & 0o600) !== 0o600) chmodSync(path, (mode & 0o700) | 0o600)
    }
  }
}
