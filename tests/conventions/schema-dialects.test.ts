/**
 * One schema, two engines (issue #27, db/schema/dialect.ts): every table is built through the dialect module, and
 * both engines' migrations are up to date with db/schema. A column added to the schema with only the SQLite
 * migration generated would leave a PostgreSQL appliance without it; this asks drizzle-kit itself, on copies of
 * both migration folders, whether anything is left to generate.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const schemaDir = join(root, 'db', 'schema')

/** Runs `drizzle-kit generate` for one engine against a copy of its migrations; answers its output and new files. */
function generate(dialect: 'sqlite' | 'postgresql', migrations: string, url: string) {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-schema-check-'))
  try {
    cpSync(join(root, migrations), join(dir, 'out'), { recursive: true })
    const before = readdirSync(join(dir, 'out')).sort()
    // drizzle-kit reads `out` relative to where it runs, so it runs in the copy; the schema is the real one.
    writeFileSync(
      join(dir, 'drizzle.config.mjs'),
      `export default ${JSON.stringify({ dialect, schema: join(schemaDir, 'index.ts'), out: 'out', casing: 'snake_case' })}`,
    )
    const r = spawnSync(
      join(root, 'node_modules', '.bin', 'drizzle-kit'),
      ['generate', '--config', 'drizzle.config.mjs'],
      {
        cwd: dir,
        env: { ...process.env, ATRIUM_DATABASE_URL: url },
        encoding: 'utf8',
        timeout: 60_000,
      },
    )
    return { out: `${r.stdout}${r.stderr}`, added: readdirSync(join(dir, 'out')).filter((f) => !before.includes(f)) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('one schema for SQLite and PostgreSQL', () => {
  it('builds every table through db/schema/dialect.ts, never an engine’s own builders', () => {
    const direct = readdirSync(schemaDir)
      .filter((f) => f.endsWith('.ts') && f !== 'dialect.ts')
      .filter((f) => /from ['"]drizzle-orm\/(sqlite|pg)-core['"]/.test(readFileSync(join(schemaDir, f), 'utf8')))
    expect(direct).toEqual([])
  })

  it('has nothing left to generate for SQLite (db/migrations)', () => {
    const r = generate('sqlite', 'db/migrations', '')
    expect(r.out).toContain('No schema changes')
    expect(r.added).toEqual([])
  })

  it('has nothing left to generate for PostgreSQL (db/migrations-pg)', () => {
    const r = generate('postgresql', 'db/migrations-pg', 'postgres://drizzle-kit.invalid/atrium')
    expect(r.out).toContain('No schema changes')
    expect(r.added).toEqual([])
  })
})
