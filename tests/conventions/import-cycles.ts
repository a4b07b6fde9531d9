/**
 * The import graph of server, cli, db and web/src, and its cycles (issue #26).
 * `npm run lint` runs this file and fails on any cycle; import-layers.test.ts
 * holds the same rule and the floors (lib imports no module, broker or lab code).
 *
 * Every static `import`/`export … from` is an edge, type-only ones too: a
 * type cycle is not a load-order bug, but it ties the two files together all
 * the same, and it is how runtime cycles start. Each edge says whether it is
 * type-only so a report tells which kind it found. `import()` is not an edge:
 * it runs after loading, so it cannot take part in a load-order cycle.
 *
 * Parsed with the TypeScript compiler (no resolver of our own); about a
 * second for the whole tree, where madge took thirty.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

export const ROOT = join(import.meta.dirname, '..', '..')
const AREAS = ['server', 'cli', 'db', 'web/src']
const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  jsx: ts.JsxEmit.ReactJSX,
}

export interface Edge {
  to: string
  typeOnly: boolean
}

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (name === 'node_modules' || name === 'dist') continue
    if (statSync(p).isDirectory()) sources(p, out)
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p)
  }
  return out
}

const rel = (p: string) => relative(ROOT, p).split('\\').join('/')

/** An import declaration brings no value when it says `import type`, or every name it takes is `type`. */
function typeOnlyImport(d: ts.ImportDeclaration): boolean {
  const c = d.importClause
  if (!c) return false // a bare `import './x'` runs the module
  if (c.isTypeOnly) return true
  if (c.name) return false
  const b = c.namedBindings
  return !!b && ts.isNamedImports(b) && b.elements.length > 0 && b.elements.every((e) => e.isTypeOnly)
}

function typeOnlyExport(d: ts.ExportDeclaration): boolean {
  if (d.isTypeOnly) return true
  const c = d.exportClause
  return !!c && ts.isNamedExports(c) && c.elements.length > 0 && c.elements.every((e) => e.isTypeOnly)
}

/** File → the project files it imports (outside node_modules), keyed by path from the repository root. */
export function importGraph(): Map<string, Edge[]> {
  const graph = new Map<string, Edge[]>()
  const host = ts.createCompilerHost(OPTIONS)
  for (const file of AREAS.flatMap((a) => sources(join(ROOT, a)))) {
    const text = readFileSync(file, 'utf8')
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
    const edges: Edge[] = []
    for (const st of sf.statements) {
      let spec: ts.Expression | undefined, typeOnly: boolean
      if (ts.isImportDeclaration(st)) [spec, typeOnly] = [st.moduleSpecifier, typeOnlyImport(st)]
      else if (ts.isExportDeclaration(st) && st.moduleSpecifier)
        [spec, typeOnly] = [st.moduleSpecifier, typeOnlyExport(st)]
      else continue
      if (!ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue
      const resolved = ts.resolveModuleName(spec.text, file, OPTIONS, host).resolvedModule?.resolvedFileName
      if (resolved && !resolved.includes('node_modules')) edges.push({ to: rel(resolved), typeOnly })
    }
    graph.set(rel(file), edges)
  }
  return graph
}

/**
 * The graph's cycles, one per strongly connected component of two or more
 * files (Tarjan), each shown as one closed path through it and marked
 * type-only when no runtime import keeps that component together.
 */
export function findCycles(graph = importGraph()): { files: string[]; path: string[]; typeOnly: boolean }[] {
  let index = 0
  const idx = new Map<string, number>(),
    low = new Map<string, number>(),
    stack: string[] = [],
    on = new Set<string>(),
    comps: string[][] = []
  const visit = (v: string) => {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    on.add(v)
    for (const { to } of graph.get(v) ?? []) {
      if (!idx.has(to)) {
        visit(to)
        low.set(v, Math.min(low.get(v)!, low.get(to)!))
      } else if (on.has(to)) low.set(v, Math.min(low.get(v)!, idx.get(to)!))
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = []
      let w: string
      do {
        w = stack.pop()!
        on.delete(w)
        comp.push(w)
      } while (w !== v)
      if (comp.length > 1) comps.push(comp.sort())
    }
  }
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v)
  return comps.map((files) => {
    const inside = new Set(files)
    const runtime = (v: string) => (graph.get(v) ?? []).filter((e) => inside.has(e.to) && !e.typeOnly).map((e) => e.to)
    return { files, path: closedPath(files[0], inside, graph), typeOnly: !hasCycle(files, runtime) }
  })
}

/** A shortest way from `start` back to itself inside one component (breadth first). */
function closedPath(start: string, inside: Set<string>, graph: Map<string, Edge[]>): string[] {
  const prev = new Map<string, string>()
  const queue = [start]
  while (queue.length) {
    const v = queue.shift()!
    for (const { to } of graph.get(v) ?? []) {
      if (!inside.has(to)) continue
      if (to === start) {
        const path = [start]
        for (let w = v; w !== start; w = prev.get(w)!) path.splice(1, 0, w)
        return [...path, start]
      }
      if (!prev.has(to)) {
        prev.set(to, v)
        queue.push(to)
      }
    }
  }
  return [start]
}

function hasCycle(files: string[], next: (v: string) => string[]): boolean {
  const state = new Map<string, 1 | 2>()
  const dfs = (v: string): boolean => {
    state.set(v, 1)
    for (const w of next(v)) if (state.get(w) === 1 || (!state.has(w) && dfs(w))) return true
    state.set(v, 2)
    return false
  }
  return files.some((f) => !state.has(f) && dfs(f))
}

if (import.meta.main) {
  const cycles = findCycles()
  for (const c of cycles)
    console.error(
      `import cycle (${c.typeOnly ? 'type-only' : 'runtime'}, ${c.files.length} files): ${c.path.join(' > ')}`,
    )
  if (cycles.length) {
    console.error(
      `${cycles.length} import cycle(s): lib is the bottom floor; pass services in or move the shared type down`,
    )
    process.exit(1)
  }
}
