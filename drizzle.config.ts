import { defineConfig } from 'drizzle-kit'

// Generation only reads the schema; migrations are applied at start-up by bun:sqlite (server/lib/db.ts).
export default defineConfig({
  dialect: 'sqlite',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  casing: 'snake_case',
})
