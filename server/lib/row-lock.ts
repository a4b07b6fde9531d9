/**
 * A row lock for a count-then-insert (issue #27): "at most N accounts per school", "at most this many bytes per
 * user". Under PostgreSQL's READ COMMITTED two transactions each count the rows committed before them and both
 * insert; holding one row that every such transaction takes first (the tenant, the uploader) makes the second wait
 * for the first's commit, and its count, read after the wait, sees the first's row.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { schemaEngine } from '../../db/schema/dialect.ts'
import type { Tx } from './transaction.ts'

/**
 * Holds the rows of `table` that `where` picks until the transaction ends; call it first in the transaction.
 *
 * PostgreSQL: `SELECT … FOR NO KEY UPDATE`, which waits for and excludes another holder (and writers of the row)
 * but not inserts elsewhere that merely reference it. Not an UPDATE that changes nothing: it would fire the row's
 * triggers — an UPDATE of blade_tenant bumps the permission version (0001_triggers), emptying every process's
 * permission cache at each registration or upload.
 *
 * SQLite: nothing to do. withTransaction begins IMMEDIATE, so the transaction already holds the file's write lock
 * and no other writer, in this process or another, counts in between.
 */
export async function lockRows(tx: Tx, table: SQLiteTable, where: SQL): Promise<void> {
  if (schemaEngine !== 'postgres') return
  const query = tx
    .select({ one: sql`1` })
    .from(table)
    .where(where) as unknown as {
    for: (strength: 'no key update') => PromiseLike<unknown>
  }
  await query.for('no key update')
}
