import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Issue #26: the web takes the shapes of the server's answers from the server's
 * own declarations (server/api-types.ts, `import type` only, so no server code
 * reaches the bundle) instead of writing them again. Fails on a web type or
 * interface named like a type the server exports (a copied answer shape), and on
 * any other import of server code from web/.
 */
const ROOT = join(import.meta.dirname, '../..')

/** Same name, different thing: each says why it is not a copy. */
const NOT_COPIES: Record<string, string> = {
  Answer: "an exam answer's value (string or list); the server's is a uniqueness refusal",
  Progress: "a screen's progress record; the server's is the backup archive's progress callback",
  Row: "the resource page's row (id, children, hasChildren); the server's is any column map",
}

const files = (dir: string, ext: RegExp): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'node_modules'
        ? []
        : files(join(dir, e.name), ext)
      : ext.test(e.name) && !/\.test\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  )

describe('web types come from the server', () => {
  const server = files(join(ROOT, 'server'), /\.ts$/)
  const web = files(join(ROOT, 'web/src'), /\.tsx?$/)

  it('declares no type or interface the server already declares', () => {
    const exported = new Map<string, string>()
    for (const f of server)
      for (const m of readFileSync(f, 'utf8').matchAll(/^export (?:interface|type) ([A-Z]\w*)/gm))
        exported.set(m[1], relative(ROOT, f))
    const copies: string[] = []
    for (const f of web)
      for (const m of readFileSync(f, 'utf8').matchAll(/^(?:export )?(?:interface|type) ([A-Z]\w*)\b/gm))
        if (exported.has(m[1]) && !NOT_COPIES[m[1]])
          copies.push(`${relative(ROOT, f)}: ${m[1]} (take it from ${exported.get(m[1])} through server/api-types.ts)`)
    expect(copies).toEqual([])
  })

  it('imports from server/ only types, only through server/api-types.ts', () => {
    const wrong: string[] = []
    for (const f of web)
      for (const m of readFileSync(f, 'utf8').matchAll(/^import (type )?[^'"]*from '([^']*\/server\/[^']*)'/gm))
        if (!m[1] || !/\/server\/api-types(\.ts)?$/.test(m[2])) wrong.push(`${relative(ROOT, f)}: ${m[0]}`)
    expect(wrong).toEqual([])
    // What api-types.ts hands out is types only: re-exports with `export type`, nothing else.
    const decl = readFileSync(join(ROOT, 'server/api-types.ts'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
    expect(decl.split('\n').filter((l) => l.trim() && !/^export type \{[^}]*\} from '\.[^']*'$/.test(l))).toEqual([])
  })
})
