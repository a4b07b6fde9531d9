/**
 * npm run bench: every benchmark, one after the other, each in its own process (a bench measures a machine it has to
 * itself). A bench that misses its target (it exits 1, or prints a MISS line) does not stop the next one (chained
 * with &&, the first miss hid every figure after it); the last lines say which ones missed, and the exit code is 1 if
 * any did.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

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

/** Idle and total CPU time of the whole machine so far (/proc/stat's first line, in clock ticks). */
function cpuTimes(): { idle: number; total: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
  return { idle: f[3]! + (f[4] ?? 0), total: f.reduce((a, b) => a + b, 0) }
}

/**
 * Waits until the machine is quiet: a second in which at least QUIET of its CPU time was idle, or QUIET_WAIT_S. What
 * a bench leaves running (containers being removed, a server shutting down) must not be measured as the next one's.
 * The load average cannot tell: it still says 4–5 a minute after the labs bench, when the CPUs are already idle.
 */
const QUIET = 0.85
const QUIET_WAIT_S = 60
async function quietMachine(): Promise<void> {
  const start = Date.now()
  for (let before = cpuTimes(); Date.now() - start < QUIET_WAIT_S * 1000;) {
    await Bun.sleep(1000)
    const now = cpuTimes()
    const idle = (now.idle - before.idle) / Math.max(1, now.total - before.total)
    if (idle >= QUIET) {
      if (Date.now() - start > 1500)
        console.log(`(waited ${((Date.now() - start) / 1000).toFixed(0)} s for a quiet machine)`)
      return
    }
    before = now
  }
  console.log(`(the machine stayed busy for ${QUIET_WAIT_S} s; measuring anyway)`)
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
  await quietMachine()
  const r = await runBench(name)
  if (r.code !== 0) missed.push(`${name} (exit ${r.code})`)
  else if (MISSED.test(r.output)) missed.push(name)
}
console.log(missed.length ? `\nmissed a target or failed: ${missed.join(', ')}` : '\nevery benchmark met its targets')
process.exitCode = missed.length ? 1 : 0
