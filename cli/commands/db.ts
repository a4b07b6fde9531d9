import type { Command } from 'commander'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb, migrateDb, openDb } from '../../server/lib/db.ts'
import { prepare } from '../../server/boot.ts'
import { schemaStatus } from '../../server/lib/migrations.ts'
import { prepareUpgrade } from '../../server/modules/backup/upgrade.ts'
import { done, fail } from '../output.ts'
import { say } from '../lang.ts'

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
        const d = openDb(config.dbFile)
        const applied = (() => {
          try {
            return migrateDb(d)
          } finally {
            closeDb(d)
          }
        })()
        await done(
          !!o.json,
          { migrated: true, file: config.dbFile, applied, backup },
          say('migrated', { file: config.dbFile }),
        )
      } catch (e) {
        fail(!!o.json, e)
      }
    })
  db.command('status')
    .description('Schema version and pending migrations / 数据库版本与待执行迁移')
    .option('--json', 'machine-readable output')
    .action(async (o: { json?: boolean }) => {
      try {
        const d = openDb(loadConfig().dbFile)
        const status = (() => {
          try {
            return schemaStatus(d.$client)
          } finally {
            closeDb(d)
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
        const d = openDb(loadConfig().dbFile)
        migrateDb(d)
        const seeded = prepare(d)
        closeDb(d)
        await done(!!o.json, { seeded }, say(seeded ? 'seeded' : 'alreadySeeded'))
      } catch (e) {
        fail(!!o.json, e)
      }
    })
}
