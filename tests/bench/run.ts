/**
 * npm run bench: GET /api/health and a paged list over 10,000 rows at 50
 * connections, against the real appliance and against a bare Bun.serve
 * answering the same bytes, measured in the same run. The ratio is the figure.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { boot } from '../../server/boot.ts'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb } from '../../server/lib/db.ts'
import { newId } from '../../server/lib/ids.ts'
import { now } from '../../server/lib/time.ts'
import { param } from '../../db/schema/index.ts'
import { md5Hex } from '../../server/modules/auth/password.ts'
import { freePort } from '../support/browser.ts'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROWS = 10_000

const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-'))
const children: ChildProcess[] = []
const stopAll = () => children.forEach((c) => c.kill('SIGTERM'))

try {
  // 10,000 rows of one tenant, written in one transaction through the schema.
  const services = boot(loadConfig({ ATRIUM_DATA_DIR: dataDir }), { logLevel: 'silent' })
  services.db.transaction((tx) => {
    for (let i = 0; i < ROWS; i++) tx.insert(param).values({ id: newId(), tenantId: '000000', paramName: `bench ${i}`, paramKey: `bench.${i}`, paramValue: String(i), createTime: now(), updateTime: now() }).run()
  })
  closeDb(services.db)

  const [appPort, mqttPort, barePort] = [await freePort(), await freePort(), await freePort()]
  const app = spawn(process.execPath, ['server/main.ts'], { env: { ...process.env, PORT: String(appPort), MQTT_PORT: String(mqttPort), HOST: '127.0.0.1', ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, stdio: 'ignore' })
  children.push(app)
  const base = `http://127.0.0.1:${appPort}`
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break
    await Bun.sleep(100)
  }
  const token = (await (await fetch(`${base}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex('admin')}&grant_type=password`, {
    method: 'POST', headers: { authorization: `Basic ${btoa('saber:saber_secret')}` },
  })).json()).access_token as string
  const auth = `Blade-Auth: bearer ${token}`
  const targets = [
    { name: 'GET /api/health', path: '/api/health', header: '' },
    { name: `GET param/list (page 500 of ${ROWS} rows)`, path: '/api/blade-system/param/list?current=500&size=10', header: auth },
  ]

  // The baseline answers exactly the bytes the appliance answered.
  const bodies: Record<string, string> = {}
  for (const t of targets) bodies[t.path] = await (await fetch(base + t.path, { headers: t.header ? { 'blade-auth': `bearer ${token}` } : {} })).text()
  const bodiesFile = join(dataDir, 'bodies.json')
  writeFileSync(bodiesFile, JSON.stringify(bodies))
  const bare = spawn(process.execPath, ['tests/bench/bare.ts', String(barePort), bodiesFile], { stdio: 'ignore' })
  children.push(bare)
  await Bun.sleep(500)

  const load = (url: string, header: string) => new Promise<{ rps: number; p50: number; p99: number; errors: number }>((ok, no) => {
    const p = spawn(process.execPath, ['tests/bench/load.ts', url, String(CONNECTIONS), String(SECONDS), header], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    p.stdout.on('data', (d) => { out += d })
    p.on('exit', (code) => (code === 0 ? ok(JSON.parse(out)) : no(new Error(`load generator exited ${code}`))))
  })

  const f = (n: number, d = 0) => n.toFixed(d).padStart(9)
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per target, loopback\n`)
  console.log(`${'target'.padEnd(42)}${'atrium rps'.padStart(11)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}  ${'bare rps'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}  ${'ratio'.padStart(7)}`)
  for (const t of targets) {
    const a = await load(base + t.path, t.header)
    const b = await load(`http://127.0.0.1:${barePort}${t.path}`, '')
    console.log(`${t.name.padEnd(42)}${f(a.rps).padStart(11)}${f(a.p50, 2)}${f(a.p99, 2)}  ${f(b.rps)}${f(b.p50, 2)}${f(b.p99, 2)}  ${(a.rps / b.rps).toFixed(2).padStart(7)}${a.errors ? `  (${a.errors} errors)` : ''}`)
  }
} finally {
  stopAll()
  await Bun.sleep(300)
  rmSync(dataDir, { recursive: true, force: true })
}
