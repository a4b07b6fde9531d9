import { integer, table } from './dialect.ts'

/**
 * One counter that every change to what permissions derive from bumps (roles,
 * role grants, menus, data and API scopes, tenants, packages): triggers in the
 * migration raise it inside the writing transaction, whoever writes (API, CLI,
 * restore, another process). Caches of effective permissions are valid only
 * for the version they were computed at (server/lib/permission-cache.ts).
 */
export const permVersion = table('blade_perm_version', {
  id: integer().primaryKey(),
  version: integer().notNull().default(0),
})
