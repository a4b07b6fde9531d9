/**
 * npm run bench: every benchmark, one after the other, each in its own process (a bench measures a machine it has to
 * itself). A bench that misses its target (it exits 1, or prints a MISS line) does not stop the next one (chained
 * with &&, the first miss hid every figure after it); the last lines say which ones missed, and the exit code is 1 if
 * any did.
 */
import { spawn } from 'node:child_process'

/** How the benches print a missed target: a verdict line starting MISS/MISSED, or a limit exceeded. */
const MISSED = /\bMISS(ED)?\b|OVER THE LIMIT/

function runBench(name: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    let output = ''
    const child = spawn(process.execPath, [`tests/bench/${name}.ts`], { stdio: ['ignore', 'pipe', 'inherit'] })
    child.stdout.on('data', (d: Buffer) => {
      process.stdout.write(d)
      output += d.toString()
    })
    child.on('close', (code) => done({ code, output }))
  })
}

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
  const r = await runBench(name)
  if (r.code !== 0) missed.push(`${name} (exit ${r.code})`)
  else if (MISSED.test(r.output)) missed.push(name)
}
console.log(missed.length ? `\nmissed a target or failed: ${missed.join(', ')}` : '\nevery benchmark met its targets')
process.exitCode = missed.length ? 1 : 0
