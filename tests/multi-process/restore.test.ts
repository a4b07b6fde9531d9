import { spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { describeSqlite } from '../support/engine.ts'
import { exited, startNode, stopNode, type Node } from '../support/processes.ts'
import { applianceDatabase } from '../support/server-process.ts'

/** Restore over several appliance processes sharing one data directory (issue #27): it stops every one of them. */
const scratch = mkdtempSync(join(tmpdir(), 'atrium-restore-multi-'))
const dataDir = join(scratch, 'data')
const nodes: Node[] = []
const bun = process.execPath.includes('bun') ? process.execPath : 'bun'

async function cli(...args: string[]): Promise<{ code: number; json: Record<string, unknown> }> {
  // The appliance's database (on PostgreSQL the one its processes share), never the worker's template.
  const database = await applianceDatabase(dataDir)
  return new Promise((ok) => {
    const child = spawn(bun, ['cli/main.ts', ...args, '--json'], {
      env: { ...process.env, ATRIUM_DATA_DIR: dataDir, ATRIUM_LANG: 'en', ...database },
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.on('exit', (code) => ok({ code: code ?? -1, json: JSON.parse(out.trim().split('\n').at(-1) || '{}') }))
  })
}

afterAll(async () => {
  for (const n of nodes) await stopNode(n)
  rmSync(scratch, { recursive: true, force: true })
})

// A backup archive holds the SQLite file; on PostgreSQL `atrium backup` refuses (409 backup.postgres): the
// database's own tools back it up, so there is nothing to restore.
describeSqlite('restore with several processes', () => {
  it('stops every appliance process on the data directory, and no other program a stale pid file names', async () => {
    mkdirSync(dataDir, { recursive: true })
    if (process.env.ATRIUM_TEST_TEMPLATE) copyFileSync(process.env.ATRIUM_TEST_TEMPLATE, join(dataDir, 'atrium.db'))
    const env = { ATRIUM_NODE_ID: hostname() }
    nodes.push(await startNode(dataDir, env))
    nodes.push(await startNode(dataDir, env))
    expect(readdirSync(join(dataDir, 'run')).sort()).toEqual(
      nodes.map((n) => `${hostname().replace(/[^\w.-]/g, '_')}.${n.child.pid}.pid`).sort(),
    )
    // A file left by a crashed process whose pid now belongs to some other program: that program is left alone.
    const bystander = spawn('sleep', ['60'])
    writeFileSync(
      join(dataDir, 'run', `${hostname().replace(/[^\w.-]/g, '_')}.${bystander.pid}.pid`),
      JSON.stringify({ pid: bystander.pid, start: '1' }),
    )
    try {
      const archive = join(scratch, 'full.tar.gz')
      expect((await cli('backup', archive)).code).toBe(0)
      const restore = await cli('restore', archive)
      expect(restore.code).toBe(0)
      expect([...(restore.json.stoppedPids as number[])].sort()).toEqual(nodes.map((n) => n.child.pid).sort())
      expect(nodes.every(exited)).toBe(true)
      expect(bystander.exitCode).toBeNull()
      expect(bystander.signalCode).toBeNull()
    } finally {
      bystander.kill()
    }
  }, 120_000)
})
