/**
 * A second appliance process for process-restore.test.ts: boots new services over the same database (nothing of
 * the first process's engine or caches) and completes one task, printing what completeTask answered.
 * Usage: bun process-restore.child.ts <taskId> <userId>  (ATRIUM_DATA_DIR / ATRIUM_DATABASE_URL name the database)
 */
import { boot } from '../../boot.ts'
import { loadConfig } from '../../lib/config.ts'
import { makeCtx } from '../../lib/context.ts'
import { closeDb } from '../../lib/db.ts'
import { completeTask } from './engine/operations.ts'

const [taskId, userId] = process.argv.slice(2)
const services = await boot(loadConfig(process.env), { logLevel: 'silent' })
const actor = { kind: 'user' as const, userId, tenantId: '000000', account: 'manager', deptIds: [], roleIds: [] }
const done = await completeTask(makeCtx(services.db, actor), { taskId, comment: '新进程审批', pass: true })
console.log(JSON.stringify(done))
await closeDb(services.db)
process.exit(0)
