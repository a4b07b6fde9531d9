import { index, primaryKey, table, text } from './dialect.ts'

/*
 * Many-to-many links of a user, one row per (user, member). The spec's
 * comma-joined columns (blade_user.role_id / dept_id / post_id) stay as the
 * API's shape; these tables are what membership queries read
 * (server/lib/membership.ts). Triggers on blade_user keep them equal to the
 * columns in the same statement, whichever path writes a user (migration
 * 0013_user_links). A repeated link is ignored by the table itself
 * (PRIMARY KEY … ON CONFLICT IGNORE), so a tenant import that brings both the
 * user and its links cannot collide with the rows the trigger just wrote.
 * tenant_id lets a tenant export select them (board 09:33).
 */

export const userRole = table(
  'blade_user_role',
  {
    tenantId: text().notNull(),
    userId: text().notNull(),
    roleId: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('ix_user_role_role').on(t.roleId, t.userId)],
)

export const userDept = table(
  'blade_user_dept',
  {
    tenantId: text().notNull(),
    userId: text().notNull(),
    deptId: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deptId] }), index('ix_user_dept_dept').on(t.deptId, t.userId)],
)

export const userPost = table(
  'blade_user_post',
  {
    tenantId: text().notNull(),
    userId: text().notNull(),
    postId: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('ix_user_post_post').on(t.postId, t.userId)],
)
