/**
 * The few SQL expressions SQLite and PostgreSQL spell differently, written once for both (issue #27). Everything
 * else is drizzle's query builder, which writes each engine's own SQL. The engine is the one db/schema was built
 * for: a process talks to one database.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { schemaEngine } from '../../db/schema/dialect.ts'

const onPg = schemaEngine === 'postgres'

/** The larger of two values: SQLite's two-argument max(), PostgreSQL's greatest(). */
export const greatest = (a: SQLWrapper | number, b: SQLWrapper | number): SQL =>
  onPg ? sql`greatest(${a}, ${b})` : sql`max(${a}, ${b})`

/** The smaller of two values: SQLite's two-argument min(), PostgreSQL's least(). */
export const least = (a: SQLWrapper | number, b: SQLWrapper | number): SQL =>
  onPg ? sql`least(${a}, ${b})` : sql`min(${a}, ${b})`

/**
 * Pattern matching as SQLite's LIKE does it, ignoring the case of ASCII letters: PostgreSQL's LIKE minds case, so
 * there it is ILIKE (which also folds non-ASCII letters; Chinese has no case).
 */
export const likeOperator = onPg ? sql.raw('ILIKE') : sql.raw('LIKE')

/**
 * The elements of a JSON array text (a bound parameter) as a one-column set named `value`. On PostgreSQL the
 * parameter is read as text first: Bun's client JSON-encodes a string bound to a json parameter (a JSON string).
 */
export const jsonElements = (array: SQLWrapper): SQL =>
  onPg
    ? sql`(SELECT value FROM json_array_elements_text(${array}::text::json))`
    : sql`(SELECT value FROM json_each(${array}))`

/** A value inside a JSON text column at a dotted path (`a.b`), as SQL's own number/text/null. */
export const jsonPath = (column: SQLWrapper, dotted: string): SQL =>
  onPg
    ? sql`(${column})::jsonb #>> ${`{${dotted.split('.').join(',')}}`}`
    : sql`json_extract(${column}, ${`$.${dotted}`})`

/**
 * The number at a dotted path inside a JSON text column, or NULL where the text is not JSON or the value is not a
 * number: SQLite's json_extract keeps JSON's types, PostgreSQL's #>> answers text and its cast fails on text that
 * is not JSON, so there it is db/migrations-pg's atrium_json_number (a double precision).
 */
export function jsonNumber(column: SQLWrapper, dotted: string): SQL<number | null> {
  if (onPg) return sql`atrium_json_number(${column}, ${`{${dotted.split('.').join(',')}}`}::text[])`
  const path = `$.${dotted}`
  return sql`(CASE WHEN json_valid(${column}) AND json_type(${column}, ${path}) IN ('integer', 'real')
    THEN json_extract(${column}, ${path}) END)`
}

/**
 * The elements of a JSON array text (a bound parameter) as rows of a JSON column `value`, which `value ->> 0` reads
 * by position: SQLite's json_each, PostgreSQL's json_array_elements (jsonElements answers them as text instead).
 */
export const jsonArrayRows = (array: SQLWrapper): SQL =>
  onPg ? sql`json_array_elements(${array}::text::json)` : sql`json_each(${array})`
