import { defineConfig } from 'drizzle-kit'

// The PostgreSQL migrations, generated from the same db/schema as the SQLite ones (drizzle.config.ts): with a
// postgres:// URL in the environment, db/schema/dialect.ts hands the schema pg-core builders. Generation reads only
// the schema and never connects, so any postgres:// URL will do. Run it as `npx drizzle-kit generate --config
// drizzle.config.pg.ts`; hand-written SQL (triggers) goes into a `--custom` migration beside the generated ones.
process.env.ATRIUM_DATABASE_URL = 'postgres://drizzle-kit.invalid/atrium'

// Applied at start-up by server/lib/migrations.ts (applyPgMigrations) when ATRIUM_DATABASE_URL names PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations-pg',
  casing: 'snake_case',
})
