import React from 'react'
import type { Command } from 'commander'
import { render } from 'ink'
import { resolve } from 'node:path'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb, databaseUrl, dbEngine, migrateDatabase, openDatabase, type PgDb } from '../../server/lib/db.ts'
import { moveToPostgres, type MoveProgress } from '../../server/lib/to-postgres.ts'
import { prepare } from '../../server/boot.ts'
import { pgSchemaStatus, schemaStatus } from '../../server/lib/migrations.ts'
import { prepareUpgrade } from '../../server/modules/backup/upgrade.ts'
import { done, fail } from '../output.ts'
import { say } from '../lang.ts'
import { ProgressBar } from '../views/ProgressBar.tsx'

export function dbCommands(program: Command) {
  const db = program.command('db').description('Database: migrate and seed / 数据库：迁移与初始化')
  db.command('migrate')
    .description('Apply pending migrations / 执行数据库迁移')
    .option('--json', 'machine-readable output')
    .action(async (o: { json?: boolean }) => {
      try {
        const config = loadConfig()
        const backup = await prepareUpgrade(config)
        if (backup && !o.json) await done(false, null, say('preUpgrade', { file: backup }))
        const d = openDatabase(config)
        const applied = await (async () => {
          try {
            return await migrateDatabase(d)
          } finally {
            await closeDb(d)
          }
        })()
        // A PostgreSQL URL's password is not repeated on the terminal.
        const where = config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) : config.dbFile
        await done(!!o.json, { migrated: true, file: where, applied, backup }, say('migrated', { file: where }))
      } catch (e) {
        fail(!!o.json, e)
      }
    })
  db.command('status')
    .description('Schema version and pending migrations / 数据库版本与待执行迁移')
    .option('--json', 'machine-readable output')
    .action(async (o: { json?: boolean }) => {
      try {
        const d = openDatabase(loadConfig())
        const status = await (async () => {
          try {
            return dbEngine(d) === 'postgres'
              ? await pgSchemaStatus((d as unknown as PgDb).$client)
              : schemaStatus(d.$client)
          } finally {
            await closeDb(d)
          }
        })()
        await done(
          !!o.json,
          status,
          say('dbStatus', {
            current: status.current ?? '-',
            pending: status.pending.length,
            list: status.pending.join(', ') || '-',
          }),
        )
      } catch (e) {
        fail(!!o.json, e)
      }
    })
  db.command('seed')
    .description('Migrate, then seed an empty database / 迁移并写入初始数据')
    .option('--json', 'machine-readable output')
    .action(async (o: { json?: boolean }) => {
      try {
        const d = openDatabase(loadConfig())
        await migrateDatabase(d)
        const seeded = await prepare(d)
        await closeDb(d)
        await done(!!o.json, { seeded }, say(seeded ? 'seeded' : 'alreadySeeded'))
      } catch (e) {
        fail(!!o.json, e)
      }
    })
  db.command('to-postgres')
    .description(
      "Copy this appliance's SQLite data into an empty PostgreSQL database / 将 SQLite 数据迁移到空的 PostgreSQL 数据库",
    )
    .option('--from <file>', 'SQLite file to read (default: the data directory’s atrium.db)')
    .option('--to <url>', 'PostgreSQL URL, postgres://user:password@host:5432/db (default: ATRIUM_DATABASE_URL)')
    .option('--batch <rows>', 'rows per INSERT', '500')
    .option('--json', 'machine-readable output')
    .action(async (o: { from?: string; to?: string; batch: string; json?: boolean }) => {
      const from = resolve(o.from ?? loadConfig().dbFile)
      const to = o.to ?? databaseUrl() ?? ''
      const label = say('movingToPostgres')
      const bar = o.json ? null : render(React.createElement(ProgressBar, { value: 0, label }))
      let shown = -1
      // Re-render only when the percentage or the table moves: a batch of rows is far quicker than a terminal.
      const onProgress = ({ table, rows, totalRows }: MoveProgress) => {
        const value = totalRows ? rows / totalRows : 1
        const step = Math.round(value * 100)
        if (!bar || step === shown) return
        shown = step
        bar.rerender(React.createElement(ProgressBar, { value, label: `${label} ${table}` }))
      }
      try {
        const batch = /^\d+$/.test(o.batch) && Number(o.batch) > 0 ? Number(o.batch) : 500
        const r = await moveToPostgres({ from, to, batch, onProgress })
        bar?.unmount()
        await done(
          !!o.json,
          r,
          say('movedToPostgres', { rows: r.rows, tables: r.tables.length, from: r.from, to: r.to }),
        )
      } catch (e) {
        bar?.unmount()
        fail(!!o.json, e)
      }
    })
}
