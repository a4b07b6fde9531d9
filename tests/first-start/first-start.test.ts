import { describe, expect, it } from 'vitest'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnServer } from '../support/server-process.ts'
import { BASIC } from '../support/harness.ts'
import { onPostgres } from '../support/engine.ts'
import { md5Hex } from '../../server/modules/auth/password.ts'

/** An empty data directory: the real server process must migrate, seed, make its secrets and answer. */
describe('first start', () => {
  it('starts on an empty data directory, seeds, answers /api/health and stops cleanly on SIGTERM', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'atrium-first-')), 'data')
    // Waits for /api/health; stdout is read below from its start (a paused pipe keeps what came before).
    // On PostgreSQL an empty database of its own: the first start migrates and seeds it as it would the file.
    const { child, url } = await spawnServer({
      dataDir,
      env: { LOG_LEVEL: 'info' },
      stdout: 'pipe',
      // Migrating and seeding an empty database, while the other engine's run shares the machine (npm test).
      startMs: 60_000,
      database: 'empty',
    })
    let out = ''
    child.stdout!.on('data', (d) => {
      out += d
    })
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
    try {
      const health = await fetch(`${url}/api/health`)
      expect(health.status).toBe(200)
      const body = await health.json()
      expect(body).toMatchObject({ code: 200, success: true, data: { database: 'up', broker: 'up' } })
      expect(body.data.version).toMatch(/^\d+\.\d+\.\d+/)
      expect(body.data.docker).toMatch(/^(up|down)/)

      // The SQLite file, unless the database is PostgreSQL's.
      expect(existsSync(join(dataDir, 'atrium.db'))).toBe(!onPostgres)
      const secrets = join(dataDir, 'secrets.json')
      expect(JSON.parse(readFileSync(secrets, 'utf8')).jwtSecret.length).toBeGreaterThan(40)
      expect(statSync(secrets).mode & 0o077).toBe(0)
      expect(out).toContain('first start: database seeded')

      const token = await fetch(
        `${url}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex('admin')}&grant_type=password`,
        { method: 'POST', headers: { authorization: BASIC } },
      )
      expect(token.status).toBe(200)
      // One JSON line per request with method, path, status, ms, user and tenant; never the password.
      // The line is written after the response has gone out.
      const tokenLine = () => out.split('\n').find((l) => l.includes('"path":"/api/blade-auth/oauth/token"'))
      for (let i = 0; i < 50 && !tokenLine(); i++) await new Promise((r) => setTimeout(r, 50))
      const line = tokenLine()!
      expect(JSON.parse(line)).toMatchObject({ method: 'POST', path: '/api/blade-auth/oauth/token', status: 200 })
      expect(out).not.toContain(md5Hex('admin'))
    } finally {
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
      rmSync(join(dataDir, '..'), { recursive: true, force: true })
    }
  }, 90_000)
})
