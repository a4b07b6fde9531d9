/**
 * A bounded load generator: `connections` concurrent keep-alive loops against
 * one URL for `seconds`, then prints {requests, rps, p50, p99} as JSON.
 * Loopback only; it stops by itself.
 */
const [url, connections = '50', seconds = '5', header = ''] = process.argv.slice(2)
if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error('benchmarks only target this machine')
const headers: Record<string, string> = header ? Object.fromEntries([header.split(': ', 2) as [string, string]]) : {}
const until = performance.now() + Number(seconds) * 1000
const latencies: number[] = []
let errors = 0

async function loop() {
  while (performance.now() < until) {
    const t0 = performance.now()
    try {
      const res = await fetch(url, { headers })
      await res.arrayBuffer()
      if (!res.ok) errors++
    } catch {
      errors++
    }
    latencies.push(performance.now() - t0)
  }
}

const start = performance.now()
await Promise.all(Array.from({ length: Number(connections) }, loop))
const elapsed = (performance.now() - start) / 1000
latencies.sort((a, b) => a - b)
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0
console.log(JSON.stringify({ requests: latencies.length, errors, rps: latencies.length / elapsed, p50: pct(0.5), p99: pct(0.99) }))
export {}
