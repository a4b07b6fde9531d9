import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'

/** `col LIKE %v%` with the user's %, _ and \ taken literally (a search for "50%" finds "50%", not everything). */
export const contains = (col: SQLWrapper, v: string): SQL =>
  sql`${col} LIKE ${`%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`
