import type { Command } from 'commander'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb, migrateDb, openDb } from '../../server/lib/db.ts'
import { prepare } from '../../server/boot.ts'
import { done, fail } from '../output.ts'
import { say } from '../lang.ts'

export function dbCommands(program: Command) {
  const db = program.command('db').description('Database: migrate and seed / 数据库：迁移与初始化')
  db.command('migrate').description('Apply pending migrations / 执行数据库迁移').option('--json', 'machine-readable output')
    .action(async (o: { json?: boolean }) => {
      try {
        const { dbFile } = loadConfig()
        const d = openDb(dbFile)
        migrateDb(d)
        closeDb(d)
        await done(!!o.json, { migrated: true, file: dbFile }, say('migrated', { file: dbFile }))
      } catch (e) { fail(!!o.json, e) }
    })
  db.command('seed').description('Migrate, then seed an empty database / 迁移并写入初始数据').option('--json', 'machine-readable output')
    .action(async (o: { json?: boolean }) => {
      try {
        const d = openDb(loadConfig().dbFile)
        migrateDb(d)
        const seeded = prepare(d)
        closeDb(d)
        await done(!!o.json, { seeded }, say(seeded ? 'seeded' : 'alreadySeeded'))
      } catch (e) { fail(!!o.json, e) }
    })
}
