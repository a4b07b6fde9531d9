import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrateDb, openDb, closeDb } from '../../server/lib/db.ts'
import { seed } from '../../db/seed/index.ts'

/**
 * Seeds one template database for the whole run (argon2 hashing makes a seed
 * take a second); each test copies it into its own temporary data directory.
 */
/** Newest modification time under a folder, to tell whether the web bundle is stale. */
function newest(dir: string): number {
  let t = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

/** Browser suites need the built bundle; build it once per run when web/ changed since the last build. */
function buildWebIfStale() {
  const index = 'web/dist/index.html'
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(newest('web/src'), statSync('web/index.html').mtimeMs)) return
  const r = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' })
  if (r.status !== 0) throw new Error('web build failed')
}

export default function setup() {
  if (existsSync('/usr/bin/chromium') || process.env.CI) buildWebIfStale()
  const dir = mkdtempSync(join(tmpdir(), 'atrium-template-'))
  const file = join(dir, 'atrium.db')
  const db = openDb(file)
  migrateDb(db)
  seed(db)
  db.$client.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  closeDb(db)
  process.env.ATRIUM_TEST_TEMPLATE = file
  return () => rmSync(dir, { recursive: true, force: true })
}
