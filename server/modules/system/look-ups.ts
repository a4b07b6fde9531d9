/**
 * What the system resources' look-up actions share (pickers, name searches):
 * their query and body fields as the handlers read them, and the name search
 * behind `/api/blade-system/search/<entity>` (at most 50 rows of the
 * resource's scope whose name contains the text).
 */
import { Type } from '@sinclair/typebox'
import { and, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Ctx } from '../../lib/context.ts'
import { contains } from '../../lib/like.ts'

/** A query parameter as the handlers read it: optional text (every query value is text). */
export const text = (description: string) => Type.Optional(Type.String({ description }))
/** A body field the handler reads as text; null is what a client sends for "none". */
export const bodyText = (description: string) =>
  Type.Optional(Type.Union([Type.String(), Type.Null()], { description }))

/** Rows within `bounds` (the resource's scope) whose `col` contains `name`; all of them (up to 50) without one. */
export async function nameSearch(
  ctx: Ctx,
  table: SQLiteTable,
  bounds: SQL,
  col: SQLiteColumn,
  name?: string,
): Promise<Record<string, unknown>[]> {
  return ctx.db
    .select()
    .from(table)
    .where(and(bounds, name ? contains(col, name) : undefined))
    .limit(50)
}
