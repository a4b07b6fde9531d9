import { and, eq } from 'drizzle-orm'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import { dept, dictBiz, menu, param, post, role, roleMenu, roleScope, scopeData, tenant, user } from '../../../db/schema/index.ts'
import { BIZ_DICTS } from '../../../db/seed/dicts.ts'
import { ADMINISTRATOR, PLATFORM_TENANT, TENANT_ADMIN } from '../../lib/permissions.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

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

/** Roles every tenant starts with: alias, zh name, menu codes granted (a code grants its buttons too). */
export const TENANT_ROLES: [string, string, string[]][] = [
  [TENANT_ADMIN, '租户管理员', []],
  ['manager', '管理者', ['desk', 'desk:dashboard', 'desk:message', 'system:user', 'system:dept', 'system:post', 'monitor', 'monitor:log:usual', 'monitor:log:api', 'monitor:log:error']],
  ['teacher', '教师', ['desk', 'desk:dashboard', 'desk:message']],
  ['platform', '平台运营', ['desk', 'desk:dashboard', 'desk:message', 'system', 'system:param']],
  ['student', '学生', []],
]

const common = (tenantId: string) => ({ tenantId, createUser: '0', createTime: now(), updateUser: '0', updateTime: now(), status: 1, isDeleted: 0 })

/** The data scopes an administrator can hand out for the user list. */
const USER_SCOPES: [string, number, string][] = [
  ['全部用户', 1, 'dept_id'], ['本人创建的用户', 2, 'create_user'], ['本部门用户', 3, 'dept_id'], ['本部门及下级用户', 4, 'dept_id'],
]

/**
 * Creates a tenant with its roles, root department, administrator account,
 * business dictionary, parameters and data scopes, in the caller's transaction.
 * Used by the seed, the tenant screen and `atrium tenant create`.
 */
export function provisionTenant(tx: Tx, input: TenantInput): { tenantRowId: string; adminUserId: string; roleIds: Record<string, string>; rootDeptId: string } {
  const tid = input.tenantId
  const tenantRowId = newId()
  tx.insert(tenant).values({
    id: tenantRowId, ...common(tid), tenantName: input.tenantName, domain: input.domain ?? null, linkman: input.linkman ?? null,
    contactNumber: input.contactNumber ?? null, address: input.address ?? null, accountNumber: input.accountNumber ?? -1,
    expireTime: input.expireTime ?? null, packageId: input.packageId ?? null,
  }).run()

  const roleIds: Record<string, string> = {}
  const roles = tid === PLATFORM_TENANT ? [[ADMINISTRATOR, '超级管理员', []] as [string, string, string[]], ...TENANT_ROLES] : TENANT_ROLES
  roles.forEach(([alias, name], i) => {
    roleIds[alias] = newId()
    tx.insert(role).values({ id: roleIds[alias], ...common(tid), roleName: name, roleAlias: alias, sort: i + 1, parentId: '0' }).run()
  })
  // A listed menu code brings its buttons along; child menus are listed one by one.
  const menus = tx.select({ id: menu.id, code: menu.code, parentId: menu.parentId, category: menu.category }).from(menu).where(eq(menu.isDeleted, 0)).all()
  for (const [alias, , codes] of roles) {
    const granted = new Set(menus.filter((m) => codes.includes(m.code)).map((m) => m.id))
    for (const m of menus) if (m.category === 2 && granted.has(m.parentId)) granted.add(m.id)
    for (const menuId of granted) tx.insert(roleMenu).values({ id: newId(), roleId: roleIds[alias], menuId }).run()
  }

  const rootDeptId = newId()
  tx.insert(dept).values({ id: rootDeptId, ...common(tid), parentId: '0', ancestors: '0', deptCategory: 1, deptName: input.tenantName, fullName: input.tenantName, sort: 1 }).run()

  const adminUserId = newId()
  tx.insert(user).values({
    id: adminUserId, ...common(tid), account: input.adminAccount ?? 'admin', password: input.adminPasswordHash,
    name: '管理员', realName: '管理员', roleId: roleIds[tid === PLATFORM_TENANT ? ADMINISTRATOR : TENANT_ADMIN], deptId: rootDeptId, userType: 1,
  }).run()

  copyBizDicts(tx, tid)

  tx.insert(param).values({ id: newId(), ...common(tid), paramName: '是否开启注册功能', paramKey: 'account.registerUser', paramValue: 'true', remark: 'Account registration switch' }).run()
  tx.insert(param).values({ id: newId(), ...common(tid), paramName: '账号初始密码', paramKey: 'account.initPassword', paramValue: '123456', remark: 'Initial password for new and reset accounts' }).run()

  const posts: [string, string, number][] = [['headmaster', '校长', 1], ['dean', '教务主任', 2], ['teacher', '任课教师', 3], ['counsellor', '辅导员', 3]]
  posts.forEach(([postCode, postName, category], i) => tx.insert(post).values({ id: newId(), ...common(tid), postCode, postName, category, sort: i + 1 }).run())

  const userMenu = menus.find((m) => m.code === 'system:user')
  if (userMenu) for (const [name, type, column] of USER_SCOPES) {
    tx.insert(scopeData).values({ id: newId(), ...common(tid), menuId: userMenu.id, resourceCode: 'system:user', scopeName: name, scopeColumn: column, scopeType: type }).run()
  }
  return { tenantRowId, adminUserId, roleIds, rootDeptId }
}

/**
 * A new tenant starts with the platform tenant's business dictionary as it
 * stands now (so the platform's edits reach later tenants); the platform
 * tenant itself, or a platform without one, starts from the shipped set.
 */
function copyBizDicts(tx: Tx, tid: string) {
  const source = tid === PLATFORM_TENANT ? [] : tx.select().from(dictBiz).where(and(eq(dictBiz.tenantId, PLATFORM_TENANT), eq(dictBiz.isDeleted, 0))).all()
  if (source.length) {
    const ids = new Map(source.map((d) => [d.id, newId()]))
    for (const d of source) {
      // Entries whose parent was removed are not carried over.
      if (d.parentId !== '0' && !ids.has(d.parentId)) continue
      tx.insert(dictBiz).values({ ...d, ...common(tid), id: ids.get(d.id)!, parentId: d.parentId === '0' ? '0' : ids.get(d.parentId)!, status: d.status }).run()
    }
    return
  }
  for (const [code, zh, en, items] of BIZ_DICTS) {
    const parentId = newId()
    tx.insert(dictBiz).values({ id: parentId, ...common(tid), parentId: '0', code, dictKey: '-1', dictValue: zh, dictValueEn: en, sort: 1, isSealed: 0 }).run()
    items.forEach(([k, v, ve], i) => tx.insert(dictBiz).values({ id: newId(), ...common(tid), parentId, code, dictKey: k, dictValue: v, dictValueEn: ve, sort: i + 1, isSealed: 0 }).run())
  }
}

/** Grants a role the data scope of the given type for a resource (seed and tests). */
export function grantDataScope(tx: Tx, tenantId: string, roleId: string, resourceCode: string, scopeType: number): void {
  const row = tx.select({ id: scopeData.id }).from(scopeData)
    .where(and(eq(scopeData.tenantId, tenantId), eq(scopeData.resourceCode, resourceCode), eq(scopeData.scopeType, scopeType))).get()
  if (row) tx.insert(roleScope).values({ id: newId(), scopeCategory: 1, scopeId: row.id, roleId }).run()
}
