import { readFileSync } from 'node:fs'

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface CpuProfile {
  nodes: Node[]
  samples: number[]
}

const short = (url: string) => url.replace(/^.*\/node_modules\//, '').replace(/^.*\/(server|db|tests)\//, '$1/')

/**
 * The top entries of a V8-format .cpuprofile (what `bun --cpu-prof` writes):
 * self time (where the CPU was) and total time (what was on the stack), as a
 * share of all samples, idle time and start-up excluded so the shares are of
 * the work under load.
 */
export function summarise(file: string, top = 15): string {
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile
  const byId = new Map(p.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const label = (n: Node) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url ? `${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}` : ''}`.trim()
  const self = new Map<string, number>(),
    total = new Map<string, number>()
  let busy = 0
  // Start-up (module loading, migrations, the reference sync) is not the load being measured.
  const startup = (id: number) => {
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)!.callFrame
      if (f.functionName === 'require' || /server\/(main|boot)\.ts$/.test(f.url)) return true
    }
    return false
  }
  for (const id of p.samples) {
    const n = byId.get(id)!
    if (n.callFrame.functionName === '(idle)' || startup(id)) continue
    busy++
    self.set(label(n), (self.get(label(n)) ?? 0) + 1)
    const seen = new Set<string>()
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur)!)
      if (!seen.has(l)) {
        seen.add(l)
        total.set(l, (total.get(l) ?? 0) + 1)
      }
    }
  }
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([l, n]) => `  ${((n / busy) * 100).toFixed(1).padStart(5)} %  ${l}`)
      .join('\n')
  return `busy samples: ${busy}\nself time:\n${rows(self)}\ntotal time (on the stack):\n${rows(new Map([...total].filter(([l]) => !/^\(root\)|^\(anonymous\)$/.test(l))))}`
}
