import { afterAll, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seededDatabase } from '../tests/support/harness.ts'

/** `atrium questions import|export` as a subprocess over its own data directory. */
describe('atrium questions', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-cli-q-'))
  // The run's seeded database (harness.ts): the template file copied here, or on PostgreSQL a copy of the template
  // the CLI is pointed at (never the worker's own URL).
  const database = await seededDatabase(dataDir)
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, ['cli/main.ts', ...args], {
      env: { ...process.env, ...database, ATRIUM_DATA_DIR: dataDir, ATRIUM_LANG: 'en' },
      encoding: 'utf8',
    })
    return {
      status: r.status,
      out: r.stdout,
      json: (() => {
        try {
          return JSON.parse(r.stdout)
        } catch {
          return null
        }
      })(),
    }
  }
  const file = (name: string, text: string) => {
    const path = join(dataDir, name)
    writeFileSync(path, text)
    return path
  }
  const csv = (rows: string[]) =>
    ['type,hard,score,content,A,B,C,D,E,F,G,H,correct,blanks,answer,analysis,title,courseName,bankType', ...rows].join(
      '\n',
    )

  it('imports a CSV bank (dry run first), refuses a file with a bad row naming its line, and exports what import reads back', () => {
    const good = file(
      'good.csv',
      csv(['1,1,2,CLI single,a,b,,,,,,,B,,,,,,cli', '4,1,2,CLI blank ____,,,,,,,,,,x|y,,,,,cli']),
    )
    const dry = cli('questions', 'import', good, '--dry-run', '--json')
    expect(dry.status).toBe(0)
    expect(dry.json).toMatchObject({ format: 'csv', total: 2, imported: 0, dryRun: true, errors: [] })
    const r = cli('questions', 'import', good, '--json')
    expect(r.json).toMatchObject({ imported: 2, errors: [] })

    const bad = file(
      'bad.csv',
      csv(['1,1,2,ok,a,b,,,,,,,A,,,,,,', '1,1,2,no answer,a,b,,,,,,,,,,,,,', '9,1,1,x,,,,,,,,,,,,,,,']),
    )
    const refused = cli('questions', 'import', bad, '--json')
    expect(refused.status).toBe(2)
    expect(refused.json.imported).toBe(0)
    expect(refused.json.errors.map((e: any) => [e.line, e.field])).toEqual([
      [3, 'options'],
      [4, 'type'],
    ])
    // People get a table of the rejected lines.
    const human = cli('questions', 'import', bad)
    expect(human.status).toBe(2)
    expect(human.out).toMatch(/line\s+question\s+category\s+field\s+reason/)
    expect(human.out).toContain('2 of 3 row(s) rejected; nothing imported')
    expect(human.out).toMatch(/add --skip-invalid to import the 1\s+valid question\(s\) without them/)
    // The teacher's choice: the valid row goes in, the refused ones are reported.
    const some = cli('questions', 'import', bad, '--skip-invalid', '--json')
    expect(some.status).toBe(0)
    expect(some.json).toMatchObject({ imported: 1, skipInvalid: true })
    expect(some.json.errors).toHaveLength(2)

    const out = join(dataDir, 'bank.json')
    expect(cli('questions', 'export', out, '--json').json).toMatchObject({ format: 'json' })
    const bank = JSON.parse(readFileSync(out, 'utf8'))
    expect(bank.questions.filter((q: any) => q.bankType === 'cli').map((q: any) => q.content)).toEqual([
      'CLI single',
      'CLI blank ____',
    ])
    expect(cli('questions', 'import', join(dataDir, 'missing.csv'), '--json').json).toMatchObject({
      error: expect.stringContaining('no such file'),
    })
    expect(cli('questions', 'import', file('bank.txt', 'x'), '--json').json).toMatchObject({ field: 'format' })
    expect(cli('questions', 'import', good, '--tenant', '999999', '--json').status).not.toBe(0)
    // Nine process starts: on a loaded machine each takes seconds, more than the default 30 s in all.
  }, 120_000)
})
