/**
 * The file store of each app, found by its database: the report job (which the runner hands only a database)
 * stores rendered files there, the list signs download links and a removal deletes the bytes. Set when the app
 * mounts the report routes, which every process serving the app does before its job runner starts.
 */
import { eq } from 'drizzle-orm'
import { attach } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import type { Db } from '../../lib/db.ts'
import { filesOf, filesOfDatabase, type FileService } from '../resource/files.ts'

export const rememberReportFiles = (s: Services) => void filesOf(s)

export function reportFiles(db: Db): FileService {
  const f = filesOfDatabase(db)
  if (!f) throw new Error('the report routes of this database are not mounted (rememberReportFiles)')
  return f
}

/** A report's stored file goes with it: its attachment row is removed and its bytes deleted. */
export async function dropStoredFile(db: Db, link: string): Promise<void> {
  const files = reportFiles(db)
  const row = await files.find(link)
  if (!row) return
  await db.update(attach).set({ isDeleted: 1 }).where(eq(attach.id, row.id))
  await files.purge([row])
}
