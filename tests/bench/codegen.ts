/**
 * bun tests/bench/codegen.ts: gen-code (blade-develop/code) for a 30-column table through `app.handle` — the model's
 * prototypes read from the table's real catalogue (the appliance's own SQLite database here), the eleven source files
 * rendered and formatted with prettier, both engines' migrations from drizzle-kit's API, and the zip. Beside it, the
 * same templates rendered alone (no catalogue, prettier, migrations or zip). The first call loads prettier and
 * drizzle-kit (printed as "cold"); the target (issue #31) is the warm call's median under 1 s.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../server/app.ts'
import { boot } from '../../server/boot.ts'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb } from '../../server/lib/db.ts'
import { md5Hex } from '../../server/modules/auth/password.ts'
import { sourceFiles } from '../../server/modules/develop/generate/bundle.ts'
import type { AreaSpec } from '../../server/modules/develop/generate/spec.ts'

const COLUMNS = 30
const RUNS = 7
const TARGET_MS = 1000

const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-codegen-'))
const services = await boot(loadConfig({ ATRIUM_DATA_DIR: dataDir, ATRIUM_WEB_DIST: join(dataDir, 'no-web') }), {
  logLevel: 'silent',
})
const app = createApp(services)
const call = async (method: string, path: string, token?: string, body?: unknown) =>
  app.handle(
    new Request(`http://localhost${path}`, {
      method,
      headers: {
        ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'tenant-id': '000000',
        'content-type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
const json = async <T = Record<string, string>>(res: Response) => ((await res.json()) as { data: T }).data

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

try {
  // A wide table of every kind the prototypes tell apart: texts of several lengths, numbers, dates, flags.
  const kinds = ['varchar(64) NOT NULL', 'integer', 'real', 'text', 'date', 'datetime', 'boolean', 'varchar(255)']
  const cols = Array.from({ length: COLUMNS }, (_, i) => `col_${i + 1} ${kinds[i % kinds.length]}`)
  services.db.$client.exec(`CREATE TABLE bench_wide (id TEXT PRIMARY KEY, ${cols.join(', ')})`)
  const signIn = await call(
    'POST',
    `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex('admin')}&grant_type=password&scope=all&type=account`,
  )
  const token = ((await signIn.json()) as { access_token: string }).access_token
  const model = await json(
    await call('POST', '/api/blade-develop/model/submit', token, {
      datasourceId: '1',
      modelName: '宽表',
      modelNameEn: 'Wide table',
      modelCode: 'wide',
      modelTable: 'bench_wide',
    }),
  )
  const code = await json(
    await call('POST', '/api/blade-develop/code/submit', token, {
      modelId: model.id,
      codeName: '基准',
      codeNameEn: 'Bench',
      serviceName: 'blade-bench',
      packageName: 'benchwide',
      tableName: 'blade_bench_wide',
    }),
  )
  const generate = async () => {
    const t0 = performance.now()
    const res = await call('GET', `/api/blade-develop/code/gen-code?ids=${code.id}`, token)
    const bytes = (await res.arrayBuffer()).byteLength
    if (res.headers.get('content-type') !== 'application/zip') throw new Error(`gen-code answered ${res.status}`)
    return { ms: performance.now() - t0, bytes }
  }
  const cold = await generate()
  const warm: number[] = []
  for (let i = 0; i < RUNS; i++) warm.push((await generate()).ms)

  // The baseline: the same templates over the same prototypes, as plain strings.
  const prototypes = await json<AreaSpec['prototypes']>(
    await call('GET', `/api/blade-develop/model/model-prototype?modelId=${model.id}`, token),
  )
  const spec: AreaSpec = {
    area: 'benchwide',
    service: 'blade-bench',
    entity: 'wide',
    table: 'blade_bench_wide',
    label: { zh: '基准', en: 'Bench' },
    entityLabel: { zh: '宽表', en: 'Wide table' },
    prototypes,
  }
  const bare: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    sourceFiles([spec])
    bare.push(performance.now() - t0)
  }
  const ms = median(warm)
  console.log(
    `codegen: gen-code for a ${COLUMNS}-column table (${prototypes.length} prototypes, zip ${cold.bytes} bytes): ` +
      `cold ${cold.ms.toFixed(0)} ms, warm median ${ms.toFixed(0)} ms of ${RUNS} (target < ${TARGET_MS} ms); ` +
      `templates alone median ${median(bare).toFixed(2)} ms; load ${loadavg()[0].toFixed(1)}`,
  )
  if (prototypes.length !== COLUMNS || ms >= TARGET_MS) process.exitCode = 1
} finally {
  await closeDb(services.db)
  rmSync(dataDir, { recursive: true, force: true })
}
