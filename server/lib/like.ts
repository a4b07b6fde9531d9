import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { likeOperator } from './portable-sql.ts'

/**
 * The one LIKE escape (tests/conventions/one-of-each.test.ts refuses another):
 * every pattern built from a value takes its %, _ and \ literally, so a search
 * for "50%" finds "50%", not everything, an account named "a_b" is not also
 * "axb", and a topic prefix "dev/p_1" matches only itself. The ESCAPE clause
 * goes with the escaped text: without it SQLite reads the backslash as a
 * plain character and the pattern matches nothing with a % or _ in it.
 */
const escaped = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`)

const likeOf = (col: SQLWrapper, pattern: string): SQL => sql`${col} ${likeOperator} ${pattern} ESCAPE '\\'`

/** `col` holds `v` anywhere (LIKE %v%). */
export const contains = (col: SQLWrapper, v: string): SQL => likeOf(col, `%${escaped(v)}%`)

/** `col` begins with `v` (LIKE v%). */
export const startsWith = (col: SQLWrapper, v: string): SQL => likeOf(col, `${escaped(v)}%`)

/** `col` ends with `v` (LIKE %v). */
export const endsWith = (col: SQLWrapper, v: string): SQL => likeOf(col, `%${escaped(v)}`)
