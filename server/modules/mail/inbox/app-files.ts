import type { Services } from '../../../lib/context.ts'
import type { Db } from '../../../lib/db.ts'
import { filesOf, type FileService } from '../../resource/files.ts'

/**
 * The file store of each app, found by its database: the parse job (which the runner hands only a database) stores
 * attachments there, and a detail signs links to them. Set when the app mounts the inbox routes, so every process
 * serving the app has it; a process running jobs without the app (none today) would leave parse jobs queued.
 */
const stores = new WeakMap<Db, FileService>()

export const rememberFiles = (s: Services) => void stores.set(s.db, filesOf(s))

export const filesFor = (db: Db): FileService | undefined => stores.get(db)
