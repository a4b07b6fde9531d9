import { engineOf } from '../../db/schema/dialect.ts'

/** ATRIUM_DATABASE_URL when it names PostgreSQL (postgres:// or postgresql://); otherwise the SQLite file is used. */
export function databaseUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  const url = env.ATRIUM_DATABASE_URL?.trim()
  return url && engineOf(url) === 'postgres' ? url : undefined
}
