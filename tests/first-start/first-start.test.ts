import { describe, expect, it } from 'vitest'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../support/browser.ts'
import { BASIC } from '../support/harness.ts'
import { md5Hex } from '../../server/modules/auth/password.ts'

/** An empty data directory: the real server process must migrate, seed, make its secrets and answer. */
describe('first start', () => {
  it('starts on an empty data directory, seeds, answers /api/health and stops cleanly on SIGTERM', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'atrium-first-')), 'data')
    const [port, mqttPort] = [await freePort(), await freePort()]
    const child = spawn(process.execPath, ['server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        MQTT_PORT: String(mqttPort),
        HOST: '127.0.0.1',
        ATRIUM_DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout!.on('data', (d) => {
      out += d
    })
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
    try {
      let health: Response | undefined
      for (let i = 0; i < 200 && !health?.ok; i++) {
        await new Promise((r) => setTimeout(r, 100))
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined)
      }
      expect(health?.status).toBe(200)
      const body = await health!.json()
      expect(body).toMatchObject({ code: 200, success: true, data: { database: 'up', broker: 'up' } })
      expect(body.data.version).toMatch(/^\d+\.\d+\.\d+/)
      expect(body.data.docker).toMatch(/^(up|down)/)

      expect(existsSync(join(dataDir, 'atrium.db'))).toBe(true)
      const secrets = join(dataDir, 'secrets.json')
      expect(JSON.parse(readFileSync(secrets, 'utf8')).jwtSecret.length).toBeGreaterThan(40)
      expect(statSync(secrets).mode & 0o077).toBe(0)
      expect(out).toContain('first start: database seeded')

      const token = await fetch(
        `http://127.0.0.1:${port}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex('admin')}&grant_type=password`,
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
  })
})
