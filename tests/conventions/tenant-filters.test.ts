/**
 * Guard: no hand-written query filters tenant_id by itself. A query over a
 * tenant's rows goes through `<resource>.scope(ctx)` or `scope(table, ctx, …)`
 * (tenant + not deleted + data scope, or less said by name), or through one of
 * the named helpers in server/lib/tenant-rows.ts (ownRows, publicRows,
 * tenantRows), each stating why the caller's data scope does not apply.
 * A new `eq(x.tenantId, …)` or `tenant_id = ?` anywhere else fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

/** Where the filter itself is built: the scope machinery. */
const SANCTIONED = new Set(['server/lib/scope.ts', 'server/lib/tenant-rows.ts'])

/** The only other places, each with how many filters it holds and why none of the helpers fits. */
const EXCEPTIONS: Record<string, { count: number; why: string }> = {
  'server/modules/auth/sessions.ts': {
    count: 1,
    why: 'ends the sessions of whole schools at once (a tenant disabled or removed): many tenants, no caller scope',
  },
  'server/lib/auth-context.ts': {
    count: 1,
    why: "joins a session to its own school's row to read the licence end with it: a join on the session's tenant, no caller rows",
  },
  'server/lib/live-sessions.ts': {
    count: 1,
    why: "the same join for the sweep that closes live connections of sessions whose school's licence ran out",
  },
  'server/modules/backup/tenant-db.ts': {
    count: 3,
    why: "exports every row of a school from every table by name on either engine, deleted rows included (raw SQL over the catalogue's tables), and checks a tenant id is free",
  },
}

/** A drizzle condition on a tenantId column, or a raw SQL one on tenant_id. */
const FILTERS = [
  /\b(?:eq|ne|inArray|notInArray)\(\s*[\w$.]+\.tenantId\b/g,
  /\btenant_id\s*(?:=|<>|!=|\b(?:IN|in)\b)/g,
  /\$\{[\w$.]+\.tenantId\}\s*(?:=|<>|!=|\bIN\b)/g,
]

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (name === 'node_modules') continue
    if (statSync(p).isDirectory()) sources(p, out)
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p)
  }
  return out
}

/** Each file outside the machinery with its tenant filters (line numbers, for the message). */
function tenantFilters(): Map<string, number[]> {
  const found = new Map<string, number[]>()
  for (const file of [...sources(join(root, 'server')), ...sources(join(root, 'cli'))]) {
    const rel = relative(root, file).split('\\').join('/')
    if (SANCTIONED.has(rel)) continue
    const text = readFileSync(file, 'utf8')
    const lines: number[] = []
    for (const re of FILTERS) for (const m of text.matchAll(re)) lines.push(text.slice(0, m.index).split('\n').length)
    if (lines.length)
      found.set(
        rel,
        lines.sort((a, b) => a - b),
      )
  }
  return found
}

describe('tenant filters', () => {
  it('no hand-written query filters tenant_id outside scope(), resource.scope() and server/lib/tenant-rows.ts', () => {
    const found = tenantFilters()
    const stray = [...found]
      .filter(([file, lines]) => EXCEPTIONS[file]?.count !== lines.length)
      .map(([file, lines]) => `${file}:${lines.join(',')}`)
    expect(
      stray,
      'use <resource>.scope(ctx), or ownRows / publicRows / tenantRows (server/lib/tenant-rows.ts) saying why',
    ).toEqual([])
  })

  it('every listed exception still holds its filters (a stale entry is removed)', () => {
    const found = tenantFilters()
    for (const [file, e] of Object.entries(EXCEPTIONS)) expect(found.get(file)?.length, file).toBe(e.count)
  })

  it('the guard sees the forms it refuses', () => {
    const hits = (s: string) => FILTERS.reduce((n, re) => n + [...s.matchAll(re)].length, 0)
    expect(hits('and(eq(course.tenantId, ctx.actor.tenantId), eq(course.status, 1))')).toBe(1)
    expect(hits('.where(and(\n  eq(\n    paperTime.tenantId, tid))')).toBe(1)
    expect(hits('inArray(session.tenantId, ids)')).toBe(1)
    expect(hits('`SELECT * FROM t WHERE tenant_id = ?`')).toBe(1)
    expect(hits('sql`${user.tenantId} = ${tid}`')).toBe(1)
    expect(hits('tenantRows(user, tid, { why })')).toBe(0)
    expect(hits('values({ tenantId: ctx.actor.tenantId })')).toBe(0)
  })
})
