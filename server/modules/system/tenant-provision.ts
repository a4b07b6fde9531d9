import { and, eq } from 'drizzle-orm'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import {
  dept,
  dictBiz,
  menu,
  post,
  role,
  roleMenu,
  roleScope,
  scopeData,
  tenant,
  user,
} from '../../../db/schema/index.ts'
import { defaultMenuIds, syncTenantReference } from '../../lib/reference/sync.ts'
import { seedApplianceTemplates } from '../mail/appliance-templates.ts'
import { first } from '../../lib/rows.ts'
import type { Tx } from '../../lib/transaction.ts'
import { ADMINISTRATOR, PLATFORM_TENANT, TENANT_ADMIN } from '../../lib/permissions.ts'
import { tenantRows, notDeleted } from '../../lib/tenant-rows.ts'

const PROVISIONING = "a new school is provisioned by the system, from the platform's rows as they stand"

export interface TenantInput {
  tenantId: string
  tenantName: string
  domain?: string | null
  linkman?: string | null
  contactNumber?: string | null
  address?: string | null
  accountNumber?: number
  expireTime?: string | null
  packageId?: string | null
  adminAccount?: string
  /** argon2id hash of the administrator's password, made before the transaction (hashing is async). */
  adminPasswordHash: string
}

/** Roles every tenant starts with (alias, zh name); what each holds by default is in the reference data's `grant` lists. */
export const TENANT_ROLES: [string, string][] = [
  [TENANT_ADMIN, '租户管理员'],
  ['manager', '管理者'],
  ['teacher', '教师'],
  ['platform', '平台运营'],
  ['student', '学生'],
]

const common = (tenantId: string) => ({
  tenantId,
  createUser: '0',
  createTime: now(),
  updateUser: '0',
  updateTime: now(),
  status: 1,
  isDeleted: 0,
})

/** The data scopes an administrator can hand out for the user list. */
const USER_SCOPES: [string, number, string][] = [
  ['全部用户', 1, 'dept_id'],
  ['本人创建的用户', 2, 'create_user'],
  ['本部门用户', 3, 'dept_id'],
  ['本部门及下级用户', 4, 'dept_id'],
]

/**
 * Creates a tenant with its roles, root department, administrator account,
 * business dictionary, parameters, data scopes and mail templates, in the caller's transaction.
 * Used by the seed, the tenant screen and `atrium tenant create`.
 */
export async function provisionTenant(
  tx: Tx,
  input: TenantInput,
): Promise<{ tenantRowId: string; adminUserId: string; roleIds: Record<string, string>; rootDeptId: string }> {
  const tid = input.tenantId
  const tenantRowId = newId()
  await tx.insert(tenant).values({
    id: tenantRowId,
    ...common(tid),
    tenantName: input.tenantName,
    domain: input.domain ?? null,
    linkman: input.linkman ?? null,
    contactNumber: input.contactNumber ?? null,
    address: input.address ?? null,
    accountNumber: input.accountNumber ?? -1,
    expireTime: input.expireTime ?? null,
    packageId: input.packageId ?? null,
  })

  const roleIds: Record<string, string> = {}
  const roles: [string, string][] =
    tid === PLATFORM_TENANT ? [[ADMINISTRATOR, '超级管理员'], ...TENANT_ROLES] : TENANT_ROLES
  for (const [i, [alias, name]] of roles.entries()) {
    roleIds[alias] = newId()
    await tx
      .insert(role)
      .values({ id: roleIds[alias], ...common(tid), roleName: name, roleAlias: alias, sort: i + 1, parentId: '0' })
  }
  for (const [alias] of roles)
    for (const menuId of await defaultMenuIds(tx, alias))
      await tx.insert(roleMenu).values({ id: newId(), roleId: roleIds[alias], menuId })

  const rootDeptId = newId()
  await tx.insert(dept).values({
    id: rootDeptId,
    ...common(tid),
    parentId: '0',
    ancestors: '0',
    deptCategory: 1,
    deptName: input.tenantName,
    fullName: input.tenantName,
    sort: 1,
  })

  const adminUserId = newId()
  await tx.insert(user).values({
    id: adminUserId,
    ...common(tid),
    account: input.adminAccount ?? 'admin',
    password: input.adminPasswordHash,
    name: '管理员',
    realName: '管理员',
    roleId: roleIds[tid === PLATFORM_TENANT ? ADMINISTRATOR : TENANT_ADMIN],
    deptId: rootDeptId,
    userType: 1,
  })

  // Business dictionary and parameters: the platform's dictionary as it stands, then the reference data.
  await copyBizDicts(tx, tid)

  const posts: [string, string, number][] = [
    ['headmaster', '校长', 1],
    ['dean', '教务主任', 2],
    ['teacher', '任课教师', 3],
    ['counsellor', '辅导员', 3],
  ]
  for (const [i, [postCode, postName, category]] of posts.entries())
    await tx.insert(post).values({ id: newId(), ...common(tid), postCode, postName, category, sort: i + 1 })

  const userMenu = await first(
    tx
      .select({ id: menu.id })
      .from(menu)
      .where(and(eq(menu.code, 'system:user'), notDeleted(menu))),
  )
  if (userMenu)
    for (const [name, type, column] of USER_SCOPES) {
      await tx.insert(scopeData).values({
        id: newId(),
        ...common(tid),
        menuId: userMenu.id,
        resourceCode: 'system:user',
        scopeName: name,
        scopeColumn: column,
        scopeType: type,
      })
    }
  // The appliance's own mails (workflow, password reset, results) in templates the school's administrator edits.
  await seedApplianceTemplates(tx, tid)
  return { tenantRowId, adminUserId, roleIds, rootDeptId }
}

/**
 * A new tenant starts with the platform tenant's business dictionary as it
 * stands now (so the platform's edits and removals reach later tenants; rows
 * keep whether an administrator touched them); the reference data then adds
 * whatever is still missing.
 */
async function copyBizDicts(tx: Tx, tid: string): Promise<void> {
  const source =
    tid === PLATFORM_TENANT
      ? []
      : await tx
          .select()
          .from(dictBiz)
          .where(tenantRows(dictBiz, PLATFORM_TENANT, { why: PROVISIONING, withDeleted: true }))
  const ids = new Map(source.map((d) => [d.id, newId()]))
  for (const d of source) {
    if (d.parentId !== '0' && !ids.has(d.parentId)) continue
    await tx.insert(dictBiz).values({
      ...d,
      ...common(tid),
      id: ids.get(d.id)!,
      parentId: d.parentId === '0' ? '0' : ids.get(d.parentId)!,
      status: d.status,
      isDeleted: d.isDeleted,
      updateUser: d.updateUser,
    })
  }
  await syncTenantReference(tx, tid)
}

/** Grants a role the data scope of the given type for a resource (seed and tests). */
export async function grantDataScope(
  tx: Tx,
  tenantId: string,
  roleId: string,
  resourceCode: string,
  scopeType: number,
): Promise<void> {
  const row = await first(
    tx
      .select({ id: scopeData.id })
      .from(scopeData)
      .where(
        and(
          tenantRows(scopeData, tenantId, { why: PROVISIONING, withDeleted: true }),
          eq(scopeData.resourceCode, resourceCode),

          eq(scopeData.scopeType, scopeType),
        ),
      ),
  )
  if (row) await tx.insert(roleScope).values({ id: newId(), scopeCategory: 1, scopeId: row.id, roleId })
}
