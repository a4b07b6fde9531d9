/**
 * `atrium db to-postgres` (issue #27): the real CLI, as a subprocess, moves an appliance's SQLite file — the demo
 * school, the demo exam and a learner's submitted sitting — into a real PostgreSQL, and every table then reads the
 * same there: the same row count everywhere and, row for row, the same values (users, courses, the exam with its
 * papers, questions and options, the sitting and its answers included).
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { Database } from 'bun:sqlite'
import { SQL } from 'bun'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { paperTime } from '../db/schema/index.ts'
import { first } from '../server/lib/rows.ts'
import { testApp } from '../tests/support/harness.ts'
import { describePostgres, usePostgresDatabase } from '../tests/support/postgres.ts'
import { describeSqlite, onPostgres } from '../tests/support/engine.ts'

const W = '/api/nep-wbp'

// The source is an appliance's SQLite file (testApp's): the SQLite run moves it into its own PostgreSQL; the PostgreSQL
// run's appliances have no file to move (and its workers load db/schema for PostgreSQL only).
;(onPostgres ? describeSqlite : describePostgres)('atrium db to-postgres', async () => {
  const t = await testApp()
  const database = usePostgresDatabase('to_pg')
  const cli = (...args: string[]) => cliWith({}, ...args)
  const cliWith = (env: Record<string, string>, ...args: string[]) => {
    const r = spawnSync(process.execPath, ['cli/main.ts', 'db', 'to-postgres', ...args], {
      env: { ...process.env, ATRIUM_DATA_DIR: t.dataDir, ATRIUM_LANG: 'en', ATRIUM_DATABASE_URL: '', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    })
    let json: unknown = null
    try {
      json = JSON.parse(r.stdout)
    } catch {
      /* a person's output, or a crash: the assertions show stdout */
    }
    return { status: r.status, out: r.stdout + r.stderr, json: json as Record<string, any> }
  }

  /** The demo exam, sat by the demo student: a sitting with a saved answer, submitted. */
  async function sitTheDemoExam() {
    const exam = (await first(t.services.db.select().from(paperTime).where(eq(paperTime.title, '网络基础期中考试'))))!
    const student = await t.token('student')
    const paper = (await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: exam.id })).body.data
    const choice = paper.questions.find((q: { options?: unknown[] }) => q.options?.length)
    const saved = await t.post(`${W}/paperQuestion/saveAnswer`, student, {
      sittingId: paper.sittingId,
      questionId: choice.id,
      answer: [choice.options[0].id],
      version: 1,
    })
    expect(saved.body.data).toMatchObject({ accepted: true })
    const submitted = await t.post(`${W}/paperTimeUser/submitPaper`, student, { sittingId: paper.sittingId })
    expect(submitted.status).toBe(200)
    // The API log is written a turn of the event loop later (server/lib/logs.ts): let it land before the move.
    await new Promise((r) => setTimeout(r, 50))
    return {
      examId: exam.id,
      sittingId: paper.sittingId as string,
      questionId: choice.id,
      optionId: choice.options[0].id,
    }
  }

  it('moves every table into an empty PostgreSQL, and refuses one that is not empty', async () => {
    const { examId, sittingId, questionId, optionId } = await sitTheDemoExam()
    const file = t.services.config.dbFile

    const moved = cli('--from', file, '--to', database.url, '--batch', '50', '--json')
    expect(moved.status, moved.out).toBe(0)
    expect(moved.json.migrated.length).toBeGreaterThan(0)
    expect(moved.json.sequences).toEqual(expect.arrayContaining(['mqtt_retained.seq', 'mqtt_outgoing.seq']))

    const sqlite = new Database(file, { readonly: true })
    const pg = new SQL(database.url, { max: 1 })
    try {
      const tables = sqlite
        .query<{ name: string }, []>(
          // Ordinary tables only: the study assistant's FTS5 index (a virtual table and its shadow tables) is SQLite's
          // own; PostgreSQL searches the copied passages through pg_trgm.
          `SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name`,
        )
        .all()
        .map((r) => r.name)
      expect(moved.json.tables.map((x: { table: string }) => x.table).sort()).toEqual(tables)
      for (const x of moved.json.tables) expect(x.target, x.table).toBe(x.source)
      expect(moved.json.rows).toBeGreaterThan(500)

      // Row for row: each value as the column's engine gives it back, bigint as a number, bytes as hex.
      const types = new Map<string, string>(
        (
          await pg`SELECT table_name || '.' || column_name AS k, data_type AS t FROM information_schema.columns
                   WHERE table_schema = current_schema()`
        ).map((r: { k: string; t: string }) => [r.k, r.t]),
      )
      const norm = (table: string, row: Record<string, unknown>) =>
        JSON.stringify(
          Object.keys(row)
            .sort()
            .map((k) => {
              const v = row[k]
              if (v === null || v === undefined) return [k, null]
              if (v instanceof Uint8Array) return [k, Buffer.from(v).toString('hex')]
              if (types.get(`${table}.${k}`) === 'bigint') return [k, Number(v)]
              return [k, v]
            }),
        )
      const rowsOf = async (table: string) => ({
        sqlite: sqlite
          .query<Record<string, unknown>, []>(`SELECT * FROM "${table}"`)
          .all()
          .map((r) => norm(table, r))
          .sort(),
        pg: ((await pg.unsafe(`SELECT * FROM "${table}"`)) as Record<string, unknown>[])
          .map((r) => norm(table, r))
          .sort(),
      })
      for (const table of tables) {
        const { sqlite: a, pg: b } = await rowsOf(table)
        expect(b, table).toEqual(a)
      }

      // The rows the issue names, looked at directly.
      const users = await pg`SELECT account FROM blade_user WHERE is_deleted = 0 ORDER BY account`
      expect(users.map((u: { account: string }) => u.account)).toEqual(
        expect.arrayContaining(['admin', 'student', 'teacher']),
      )
      expect((await pg`SELECT count(*)::int AS n FROM hm_course`)[0].n).toBeGreaterThan(0)
      const [exam] = await pg`SELECT title, paper_ids FROM hm_paper_time WHERE id = ${examId}`
      expect(exam.title).toBe('网络基础期中考试')
      const questions = await pg`SELECT q.id FROM hm_paper_question pq JOIN hm_question q ON q.id = pq.question_id
                                 WHERE pq.paper_id = ANY(string_to_array(${exam.paper_ids}, ','))`
      expect(questions.length).toBeGreaterThan(0)
      const [sitting] = await pg`SELECT state, deadline FROM hm_paper_time_user WHERE id = ${sittingId}`
      expect(sitting.state).toBe('2') // bigint: the app's columns map it back to a number (bigint mode number)
      expect(Number(sitting.deadline)).toBeGreaterThan(Date.now())
      const [answer] =
        await pg`SELECT answer FROM hm_paper_answer WHERE paper_time_user_id = ${sittingId} AND question_id = ${questionId}`
      expect(JSON.parse(answer.answer)).toEqual([optionId])
      // The triggers are back on: a new role bumps the copied permission version.
      const [{ version }] = await pg`SELECT version FROM blade_perm_version WHERE id = 1`
      await pg`INSERT INTO blade_role (id, role_name, role_alias) VALUES ('moved-check', 'x', 'moved-check')`
      expect(Number((await pg`SELECT version FROM blade_perm_version WHERE id = 1`)[0].version)).toBe(
        Number(version) + 1,
      )
    } finally {
      sqlite.close()
      await pg.close()
    }

    const again = cli('--from', file, '--to', database.url, '--json')
    expect(again.status).toBe(1)
    expect(again.json.error).toMatch(/not empty/)

    const people = cli('--from', file, '--to', database.url)
    expect(people.status).toBe(1)
    expect(people.out).toMatch(/not empty/)
  })

  it('shows people a bar and a summary; by default it moves the data directory’s file to ATRIUM_DATABASE_URL', async () => {
    // As compose.yaml's move runs it: in a replica's environment, the schema loaded for PostgreSQL, no arguments.
    const r = cliWith({ ATRIUM_DATABASE_URL: await database.another() })
    expect(r.status, r.out).toBe(0)
    expect(r.out).toMatch(/moved \d+ row\(s\) in \d+ tables from .*atrium\.db/)
  })

  it('says what is wrong with the arguments and the source', async () => {
    expect(cli('--to', 'mysql://x/y', '--json').json.error).toMatch(/PostgreSQL URL/)
    expect(cli('--from', '/nonexistent/atrium.db', '--to', database.url, '--json').json.error).toMatch(/no SQLite/)
    // A file this release has not migrated yet: the move needs both sides at the same schema.
    const old = join(t.dataDir, 'old.db')
    new Database(old, { create: true }).close()
    const pending = cli('--from', old, '--to', await database.another(), '--json')
    expect(pending.status).toBe(1)
    expect(pending.json.error).toMatch(/migration\(s\) not applied .*atrium db migrate/)
  })
})
