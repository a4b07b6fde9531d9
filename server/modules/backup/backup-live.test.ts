import { Database } from 'bun:sqlite'
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { startAppliance, type Appliance } from '../../../tests/support/browser.ts'
import { BASIC } from '../../../tests/support/harness.ts'
import { md5Hex } from '../auth/password.ts'
import { describeSqlite } from '../../../tests/support/engine.ts'

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const bun = process.execPath.includes('bun') ? process.execPath : 'bun'

/** Runs the real CLI against a data directory, as an operator would; answers its --json output. */
function cli(dataDir: string, ...args: string[]): Promise<{ code: number; json: Record<string, unknown> }> {
  return new Promise((ok) => {
    const child = spawn(bun, ['cli/main.ts', ...args, '--json'], {
      env: { ...process.env, ATRIUM_DATA_DIR: dataDir, ATRIUM_LANG: 'en' },
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.on('exit', (code) => ok({ code: code ?? -1, json: JSON.parse(out.trim().split('\n').at(-1) || '{}') }))
  })
}

async function signIn(url: string): Promise<string> {
  const q = new URLSearchParams({
    tenantId: '000000',
    username: 'admin',
    password: md5Hex('admin'),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  })
  const r = await fetch(`${url}/api/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { authorization: BASIC, 'tenant-id': '000000' },
  })
  return ((await r.json()) as { access_token: string }).access_token
}

// On PostgreSQL the CLI refuses both (backup.test.ts, "refuses … on PostgreSQL"): the database is pg_dump's.
describeSqlite('backup and restore of a running appliance: archives of atrium.db', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'atrium-backup-live-'))
  let app: Appliance | undefined
  afterAll(async () => {
    await app?.stop()
    rmSync(scratch, { recursive: true, force: true })
  })

  it('a backup taken during a write burst restores every acknowledged row and file; restore swaps a running appliance', async () => {
    app = await startAppliance()
    const { url, dataDir } = app
    const token = await signIn(url)
    const auth = { 'blade-auth': `bearer ${token}` }

    const files: { link: string; sha: string }[] = []
    for (let i = 0; i < 3; i++) {
      const bytes = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.from(`#${i}`)])
      const form = new FormData()
      form.append('files', new File([bytes], `f${i}.png`))
      const r = (await (
        await fetch(`${url}/api/blade-resource/oss/endpoint/put-file`, { method: 'POST', headers: auth, body: form })
      ).json()) as { data: { link: string } }
      files.push({ link: r.data.link, sha: createHash('sha256').update(bytes).digest('hex') })
    }

    // Writers keep going during the backup; each key is recorded once the server acknowledged it.
    const acked: string[] = []
    const failures: number[] = []
    let stop = false
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const key = `burst.${w}.${i}`
        const r = await fetch(`${url}/api/blade-system/param/submit`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ paramName: key, paramKey: key, paramValue: String(i) }),
        })
        if (r.status === 200) acked.push(key)
        else failures.push(r.status)
      }
    }
    const writers = [0, 1, 2, 3].map(writer)
    while (acked.length < 40) await Bun.sleep(5)
    const ackedBeforeBackup = [...acked]
    const archive = join(scratch, 'live.tar.gz')
    const backup = await cli(dataDir, 'backup', archive)
    expect(backup.code).toBe(0)
    const writtenDuringBackup = acked.length - ackedBeforeBackup.length
    stop = true
    await Promise.all(writers)
    expect(failures).toEqual([])
    expect(writtenDuringBackup).toBeGreaterThan(0)

    // Restore over the running appliance: it is stopped first, the directories are swapped, the old one kept.
    const restore = await cli(dataDir, 'restore', archive)
    expect(restore.code).toBe(0)
    expect(restore.json.stoppedPids).toEqual([app.process.pid])
    expect(app.process.exitCode).not.toBeNull()
    const previous = restore.json.previous as string
    expect(existsSync(previous)).toBe(true)

    const db = new Database(join(dataDir, 'atrium.db'), { readonly: true })
    const keys = new Set(
      db
        .query<{ k: string }, []>(`SELECT param_key AS k FROM blade_param WHERE param_key LIKE 'burst.%'`)
        .all()
        .map((r) => r.k),
    )
    db.close()
    expect(ackedBeforeBackup.filter((k) => !keys.has(k))).toEqual([])
    // Nothing the backup holds was invented: every restored key had been acknowledged.
    expect([...keys].filter((k) => !acked.includes(k))).toEqual([])

    // Started again over the restored directory: healthy, serving the same files, and the previous directory goes away.
    const again = await startAppliance({ ATRIUM_DATA_DIR: dataDir })
    app = again
    const token2 = await signIn(again.url)
    for (const f of files) {
      const r = await fetch(`${again.url}${f.link}`, { headers: { 'blade-auth': `bearer ${token2}` } })
      expect(r.status).toBe(200)
      expect(
        createHash('sha256')
          .update(Buffer.from(await r.arrayBuffer()))
          .digest('hex'),
      ).toBe(f.sha)
    }
    expect(existsSync(previous)).toBe(false)
    expect(readdirSync(dirname(dataDir)).filter((n) => n.startsWith(`${dataDir.split('/').at(-1)}.`))).toEqual([])
  })
})
