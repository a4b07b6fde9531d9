import { spawn } from 'node:child_process'

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  requests: number
  errors: number
  /** CPU the server used per request, in µs (filled in by the caller, which knows the server's process). */
  cpuUs: number
}

/** wrk's durations (`850.00us`, `1.20ms`, `2.01s`) in milliseconds. */
const ms = (v: string) => {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(v)
  if (!m) throw new Error(`unreadable wrk duration ${v}`)
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm']
}

/** Reads wrk's --latency report: requests/s, p50, p99, and non-2xx answers or socket errors as errors. */
export function parseWrk(out: string): LoadResult {
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0)
  const pct = (p: string) => ms(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '0ms')
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  return {
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    p50: pct('50'),
    p99: pct('99'),
    requests: num(/(\d+) requests in/),
    cpuUs: NaN,
    errors: num(/Non-2xx or 3xx responses: (\d+)/) + (socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0),
  }
}

/**
 * One wrk run against a loopback URL: C keep-alive connections on two threads
 * (wrk is C and event-driven, so it stays well below the servers' cost). Two runs at once that stand for one load
 * (two processes sharing it) take one thread each, so the load generator is the same size in every setup.
 */
export function wrk(url: string, connections: number, seconds: number, header = '', threads = 2): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error('benchmarks only target this machine')
  const args = [
    `-t${threads}`,
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    ...(header ? ['-H', header] : []),
    url,
  ]
  return new Promise((ok, no) => {
    const p = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    p.stdout.on('data', (d) => {
      out += d
    })
    p.on('error', (e) => no(new Error(`wrk is needed for the benchmark (apt-get install -y wrk): ${e.message}`)))
    p.on('exit', (code) => (code === 0 ? ok(parseWrk(out)) : no(new Error(`wrk exited ${code}\n${out}`))))
  })
}
