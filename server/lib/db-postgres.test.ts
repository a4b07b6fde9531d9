/**
 * The data layer on a real PostgreSQL (issue #27): the schema built for PostgreSQL from the same db/schema files,
 * its migrations applied the way the appliance applies them, and the rules SQLite's hand-written migrations keep
 * (permission version, user links, partial unique indexes) holding on PostgreSQL too.
 *
 * The engine is chosen when db/schema loads, so this file names PostgreSQL before importing anything that loads
 * it (dynamic imports below) and clears the variable again: vitest gives each file its own modules, and the next
 * file in this worker must load the schema for SQLite.
 */
import { afterAll, expect, it, vi } from 'vitest'
import { describePostgres, usePostgresDatabase } from '../../tests/support/postgres.ts'

// Suites share a worker's modules (vitest.config.ts: isolate false): this file loads its own (PostgreSQL) schema and
// leaves the next file a clean registry, so nothing after it sees PostgreSQL's tables on a SQLite run.
vi.resetModules()
afterAll(() => {
  vi.resetModules()
})
const urlBefore = process.env.ATRIUM_DATABASE_URL
process.env.ATRIUM_DATABASE_URL = 'postgres://schema-for-this-file.invalid/atrium'
const { eq, sql } = await import('drizzle-orm')
const schema = await import('../../db/schema/index.ts')
const { schemaEngine, sqlDefault } = await import('../../db/schema/dialect.ts')
const { PgDialect } = await import('drizzle-orm/pg-core')
const { asyncDb, closePgDb, dbEngine, migratePgDb, openDb, openPgDb } = await import('./db.ts')
const { pgSchemaStatus, releaseMigrations, PG_MIGRATIONS_DIR } = await import('./migrations.ts')
const { uniqueConflict } = await import('./unique.ts')
if (urlBefore === undefined) delete process.env.ATRIUM_DATABASE_URL
else process.env.ATRIUM_DATABASE_URL = urlBefore

describePostgres('data layer on PostgreSQL', () => {
  const database = usePostgresDatabase('db_layer')

  it('builds the schema for PostgreSQL and refuses to open SQLite with it', () => {
    expect(schemaEngine).toBe('postgres')
    // An expression default is written once per engine; this process takes PostgreSQL's.
    const now = sqlDefault({ sqlite: "(strftime('%s', 'now'))", postgres: 'now()' })
    expect(new PgDialect().sqlToQuery(now).sql).toBe('now()')
    expect(() => openDb(':memory:')).toThrow(/PostgreSQL/)
  })

  it('applies the PostgreSQL migrations once, even when two processes start together', async () => {
    const a = openPgDb(database.url)
    const b = openPgDb(database.url)
    try {
      expect(dbEngine(a)).toBe('postgres')
      const [first, second] = await Promise.all([migratePgDb(a), migratePgDb(b)])
      const tags = releaseMigrations(PG_MIGRATIONS_DIR).map((m) => m.tag)
      expect([first, second].sort((x, y) => y.length - x.length)).toEqual([tags, []])
      expect(await migratePgDb(a)).toEqual([])
      const status = await pgSchemaStatus(a.$client)
      expect(status).toMatchObject({ current: tags.at(-1), pending: [], newer: false })
    } finally {
      await closePgDb(a)
      await closePgDb(b)
    }
  })

  it('reads and writes through drizzle with each type carried faithfully', async () => {
    const pool = openPgDb(database.url)
    const db = asyncDb(pool)
    try {
      const deadline = Date.UTC(2031, 0, 1) // epoch ms: past int4
      await db.insert(schema.paperTimeUser).values({
        id: '1',
        tenantId: '000000',
        paperTimeId: 'pt',
        userId: 'u',
        paperId: 'p',
        startTime: '2031-01-01 00:00:00',
        deadline,
        score: 0.1 + 0.2,
      })
      const [row] = await db.select().from(schema.paperTimeUser).where(eq(schema.paperTimeUser.id, '1'))
      expect(row.deadline).toBe(deadline)
      expect(row.score).toBe(0.1 + 0.2) // double precision, not float4
      expect(row.state).toBe(1) // literal defaults

      const payload = Buffer.from([0, 1, 2, 255])
      await db.insert(schema.mqttRetained).values([
        { topic: 'a', packet: '{}', payload },
        { topic: 'b', packet: '{}', payload: null },
      ])
      const retained = await db.select().from(schema.mqttRetained).orderBy(schema.mqttRetained.seq)
      expect(retained.map((r) => r.seq)).toEqual([1, 2]) // autoIncrement → identity
      expect(Buffer.compare(retained[0].payload!, payload)).toBe(0)
    } finally {
      await closePgDb(pool)
    }
  })

  it('keeps the permission version and the user links in the database, as the SQLite triggers do', async () => {
    const pool = openPgDb(database.url)
    const db = asyncDb(pool)
    const version = async () => (await db.select().from(schema.permVersion))[0].version
    try {
      const before = await version()
      await db.insert(schema.role).values({ id: 'r1', roleName: 'r', roleAlias: 'r1' })
      expect(await version()).toBe(before + 1)

      const user = { id: 'u1', tenantId: '000000', account: 'a', password: 'x', roleId: 'r1, r2,', deptId: 'd1' }
      await db.insert(schema.user).values(user)
      const links = async () =>
        (await db.select().from(schema.userRole).where(eq(schema.userRole.userId, 'u1'))).map((r) => r.roleId).sort()
      expect(await links()).toEqual(['r1', 'r2'])
      expect((await db.select().from(schema.userDept)).map((r) => r.deptId)).toEqual(['d1'])
      // A repeated link is ignored by the table itself (SQLite: PRIMARY KEY … ON CONFLICT IGNORE).
      await db.insert(schema.userRole).values({ tenantId: '000000', userId: 'u1', roleId: 'r1' })
      await db.update(schema.user).set({ roleId: 'r3' }).where(eq(schema.user.id, 'u1'))
      expect(await links()).toEqual(['r3'])
      await db.delete(schema.user).where(eq(schema.user.id, 'u1'))
      expect(await links()).toEqual([])
    } finally {
      await closePgDb(pool)
    }
  })

  it('holds uniqueness among live rows with the same partial indexes', async () => {
    const pool = openPgDb(database.url)
    const db = asyncDb(pool)
    try {
      const account = { tenantId: '000000', account: 'same', password: 'x' }
      await db.insert(schema.user).values({ id: 'a1', ...account })
      const clash = await db
        .insert(schema.user)
        .values({ id: 'a2', ...account })
        .then(
          () => null,
          (e: { cause?: { errno?: string; constraint?: string } }) => e,
        )
      expect(clash?.cause).toMatchObject({ errno: '23505', constraint: 'ux_user_account' })
      // The same 409 naming the field as on SQLite (server/lib/unique.ts reads either engine's refusal).
      expect(uniqueConflict(clash)).toMatchObject({ status: 409, key: 'validation.unique', field: 'account' })
      await db.update(schema.user).set({ isDeleted: 1 }).where(eq(schema.user.id, 'a1'))
      await db.insert(schema.user).values({ id: 'a2', ...account }) // a removed row frees its value
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(schema.user)
        .where(eq(schema.user.account, 'same'))
      expect(n).toBe(2)
    } finally {
      await closePgDb(pool)
    }
  })

  it('plans each kept statement once on its connections, unless the operator asks for per-value plans', async () => {
    const generic = openPgDb(database.url)
    const perValue = openPgDb(database.url, { ATRIUM_PG_PLAN_CACHE_MODE: 'auto' })
    try {
      const mode = async (db: typeof generic) =>
        ((await db.$client.unsafe('show plan_cache_mode')) as { plan_cache_mode: string }[])[0]?.plan_cache_mode
      expect(await mode(generic)).toBe('force_generic_plan')
      expect(await mode(perValue)).toBe('auto')
    } finally {
      await closePgDb(generic)
      await closePgDb(perValue)
    }
  })
})
