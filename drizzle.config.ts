import { defineConfig } from 'drizzle-kit'

// The SQLite migrations: db/schema builds its tables for the engine ATRIUM_DATABASE_URL names (db/schema/dialect.ts),
// so the URL is cleared here; with a postgres:// URL left in the shell, drizzle-kit would see no SQLite table at all
// and write a migration dropping every one. drizzle.config.pg.ts generates the PostgreSQL migrations.
delete process.env.ATRIUM_DATABASE_URL

// Generation only reads the schema; migrations are applied at start-up by bun:sqlite (server/lib/db.ts).
export default defineConfig({
  dialect: 'sqlite',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  casing: 'snake_case',
})
