/**
 * Guard (issue #26, "one of each"): one LIKE escape (server/lib/like.ts), one
 * HTML sanitiser with named policies (server/lib/rich-text.ts), one pager
 * (server/lib/page-query.ts). A copied escape, a second sanitiser or a new
 * hand-written `.offset(` page fails here; the pages pageQuery cannot read yet
 * (joins: it reads one table) are listed with how many each file holds.
 * And one "not deleted" rule: scope()/ownRows/publicRows/tenantRows bound by
 * tenant and not deleted, notDeleted(table) (server/lib/tenant-rows.ts) says
 * it alone; hand-written `eq(x.isDeleted, 0)` checks only go down.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (name === 'node_modules' || name === 'migrations') continue
    if (statSync(p).isDirectory()) sources(p, out)
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p)
  }
  return out
}
const files = ['server', 'cli', 'db'].flatMap((d) => sources(join(root, d)))
const rel = (p: string) => relative(root, p).split('\\').join('/')

/** Each file (other than `own`) with the lines where one of `patterns` matches. */
function offenders(patterns: RegExp[], own: string[]): Record<string, number[]> {
  const found: Record<string, number[]> = {}
  for (const file of files) {
    const name = rel(file)
    if (own.includes(name)) continue
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (patterns.some((p) => p.test(line))) (found[name] ??= []).push(i + 1)
      })
  }
  return found
}

describe('one of each', () => {
  it('LIKE: patterns built from values go through lib/like.ts (contains, startsWith, endsWith)', () => {
    expect(
      offenders(
        [
          // an escape of the LIKE wildcards, or their removal
          /replace\(\/\[\\*\\*%_\]|replace\(\/\[%_\]|replace\(\/\[\\\\%_\]/,
          /ESCAPE '/,
          // drizzle's like() over an interpolated pattern: a value's % and _ would be wildcards
          /\b(?:not)?[iI]?[lL]ike\([^,]+,\s*`[^`]*\$\{/,
          // a raw LIKE over an interpolated value
          /\bLIKE \$\{/,
        ],
        ['server/lib/like.ts'],
      ),
    ).toEqual({})
  })

  it('HTML: one sanitiser, lib/rich-text.ts, whose callers name a policy', () => {
    expect(
      offenders([/from 'sanitize-html'/, /\ballowedTags\b/, /from 'dompurify'/], ['server/lib/rich-text.ts']),
    ).toEqual({})
  })

  it('Paging: hand-written pages read through pageQuery/pageRows; only listed joins still page by hand', () => {
    /** Joined pages (pageQuery reads one table): file → how many. A new entry, or one more, fails. */
    const JOINED: Record<string, number> = {
      'server/modules/message/index.ts': 1, // an inbox: recipient rows with their message
      // workflow lists: tasks with their instance, definition, category and users (the unfiltered to-do page also
      // prepared once, its placeholders in the offset); instances with their definition
      'server/modules/workflow/engine/lists.ts': 3,
    }
    const found = Object.fromEntries(
      Object.entries(offenders([/\.offset\(/], ['server/lib/page-query.ts'])).map(([f, lines]) => [f, lines.length]),
    )
    expect(found).toEqual(JOINED)
  })

  it('Not deleted: hand-written isDeleted = 0 checks only go down (new code uses notDeleted(table) or a scope helper)', () => {
    /**
     * 82 before issue #26's pass, 45 after its first half, 8 after the areas moved onto declarations: sign-in's
     * prepared look-ups (auth), a sitting's exam, a stored file's row; unique.ts's is deliberate (its rule's
     * includeDeleted option). Lower this number as they go; never raise it.
     */
    const MAX = 8
    const n = Object.values(offenders([/\beq\(\s*[\w$.]+\.isDeleted,\s*0\s*\)/], ['server/lib/tenant-rows.ts'])).reduce(
      (a, lines) => a + lines.length,
      0,
    )
    expect(n, 'use notDeleted(table) from server/lib/tenant-rows.ts').toBeLessThanOrEqual(MAX)
  })
})
