/**
 * Guard (issue #26): the import graph has no cycle, type-only ones included,
 * and lib is the bottom floor — no file of server/lib (tests aside: they drive
 * the whole app) imports module, broker or lab code. A service lib needs is
 * passed in, its type declared in lib (Services gets labs and mqtt from
 * server/services.ts by declaration merging). `npm run lint` runs the same
 * cycle check (tests/conventions/import-cycles.ts).
 */
import { describe, expect, it } from 'vitest'
import { findCycles, importGraph } from './import-cycles.ts'

describe('imports', () => {
  const graph = importGraph()

  it('form no cycle', () => {
    expect(findCycles(graph).map((c) => `${c.typeOnly ? 'type-only' : 'runtime'}: ${c.path.join(' > ')}`)).toEqual([])
  })

  // Modules, the lab host, the broker, the app's assembly and the CLI; db/ and the web build's entry list are below or beside lib.
  const above = (to: string) => (to.startsWith('server/') && !to.startsWith('server/lib/')) || to.startsWith('cli/')

  it('of server/lib reach no module, lab, broker or app code', () => {
    const upward = [...graph]
      .filter(([file]) => file.startsWith('server/lib/') && !/\.test\.tsx?$/.test(file))
      .flatMap(([file, edges]) => edges.filter((e) => above(e.to)).map((e) => `${file} > ${e.to}`))
    expect(upward).toEqual([])
  })

  it('cycles are found, runtime and type-only told apart (the check can fail)', () => {
    const g = new Map([
      ['a.ts', [{ to: 'b.ts', typeOnly: false }]],
      ['b.ts', [{ to: 'c.ts', typeOnly: false }]],
      ['c.ts', [{ to: 'a.ts', typeOnly: true }]],
      ['d.ts', [{ to: 'e.ts', typeOnly: false }]],
      ['e.ts', [{ to: 'd.ts', typeOnly: false }]],
    ])
    expect(findCycles(g)).toEqual([
      { files: ['a.ts', 'b.ts', 'c.ts'], path: ['a.ts', 'b.ts', 'c.ts', 'a.ts'], typeOnly: true },
      { files: ['d.ts', 'e.ts'], path: ['d.ts', 'e.ts', 'd.ts'], typeOnly: false },
    ])
  })

  it('are found (the graph is not empty by mistake)', () => {
    expect(graph.size).toBeGreaterThan(400)
    expect(graph.get('server/lib/scope.ts')?.some((e) => e.to === 'server/lib/tenant-rows.ts')).toBe(true)
  })
})
