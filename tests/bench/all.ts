/**
 * npm run bench: every benchmark, one after the other, each in its own process (a bench measures a machine it has to
 * itself). A bench that misses its target exits 1 and the next one still runs (chained with &&, the first miss hid
 * every figure after it); the last lines say which ones missed, and the exit code is 1 if any did.
 */
import { spawnSync } from 'node:child_process'

const BENCHES = [
  'portal-bundle',
  'run',
  'exam',
  'engines',
  'broker',
  'broker-redis',
  'ota-stop',
  'question-import',
  'labs',
  'mail',
  'mail-inbox',
  'workflow',
  'codegen',
  'pay-notify',
  'statistics',
  'cold-start',
]

const only = process.argv.slice(2)
const missed: string[] = []
for (const name of BENCHES.filter((b) => !only.length || only.includes(b))) {
  console.log(`\n=== ${name} (tests/bench/${name}.ts)`)
  const r = spawnSync(process.execPath, [`tests/bench/${name}.ts`], { stdio: 'inherit' })
  if (r.status !== 0) missed.push(`${name} (exit ${r.status ?? r.signal})`)
}
console.log(missed.length ? `\nmissed a target or failed: ${missed.join(', ')}` : '\nevery benchmark met its targets')
process.exitCode = missed.length ? 1 : 0
