import { eq } from 'drizzle-orm'
import {
  client,
  dept,
  menu,
  message,
  messageRecipient,
  notice,
  roleScope,
  scopeApi,
  tenant,
  tenantPackage,
  user,
} from '../../../db/schema/index.ts'
import {
  BASIC_PACKAGE,
  CLIENT,
  DEMO_TENANT,
  DEPARTMENTS,
  MESSAGES,
  NOTICES,
  PEOPLE,
  PLATFORM,
} from '../../../db/seed/demo.ts'
import type { Db } from '../../lib/db.ts'
import { first } from '../../lib/rows.ts'
import { withTransaction, type Tx } from '../../lib/transaction.ts'
import { uniqueConflict } from '../../lib/unique.ts'
import { newId } from '../../lib/ids.ts'
import { flatMenus } from '../../lib/reference/load.ts'
import { SYSTEM_USER } from '../../lib/reference/system-user.ts'
import { now } from '../../lib/time.ts'
import { hashPasswordBeforeListening as hashPassword } from '../auth/password.ts'
import { grantDataScope, provisionTenant } from './tenant-provision.ts'
import { seedDemoMail } from '../mail/demo.ts'
import { tenantRows, notDeleted } from '../../lib/tenant-rows.ts'

const DEMO = 'the demo school is written once, on first start, by the system'

const audit = () => ({ createUser: SYSTEM_USER, createTime: now(), updateUser: SYSTEM_USER, updateTime: now() })

/**
 * First start only: the platform tenant with its demo school (departments,
 * people, messages, the data- and API-scope demos), the basic package and a
 * second tenant on it. Does nothing once tenant 000000 exists; one
 * transaction, so a crash leaves an empty database to try again. Menus,
 * dictionaries and parameters come from the reference sync, which runs first.
 */
export async function seedDemoSchool(db: Db): Promise<boolean> {
  const platform = () =>
    first(
      db
        .select({ id: tenant.id })
        .from(tenant)
        .where(tenantRows(tenant, PLATFORM.tenantId, { why: DEMO, withDeleted: true })),
    )
  if (await platform()) return false
  const hashes = new Map(['admin', ...PEOPLE.map((p) => p[0])].map((a) => [a, hashPassword(a)]))
  try {
    await withTransaction(db, (tx) => writeDemoSchool(tx, hashes))
  } catch (err) {
    // Another process starting at the same time seeded first: the unique indexes refused this one's client or
    // platform tenant, and the other's seed stands.
    if (uniqueConflict(err) && (await platform())) return false
    throw err
  }
  return true
}

/** The demo school's rows, written in the caller's transaction. */
async function writeDemoSchool(tx: Tx, hashes: Map<string, string>): Promise<void> {
  if (!(await first(tx.select({ id: client.id }).from(client).where(eq(client.clientId, CLIENT.clientId)))))
    await tx.insert(client).values({ id: newId(), ...audit(), ...CLIENT })
  const tid = PLATFORM.tenantId
  const { roleIds, rootDeptId } = await provisionTenant(tx, { ...PLATFORM, adminPasswordHash: hashes.get('admin')! })

  const depts = new Map<string, { id: string; ancestors: string }>()
  for (const [key, name, parentKey, category] of DEPARTMENTS) {
    const sort = DEPARTMENTS.filter((d) => d[2] === parentKey).findIndex((d) => d[0] === key) + 1
    const parent = parentKey ? depts.get(parentKey)! : { id: rootDeptId, ancestors: '0' }
    const row = { id: newId(), ancestors: `${parent.ancestors},${parent.id}` }
    await tx.insert(dept).values({
      ...row,
      tenantId: tid,
      ...audit(),
      parentId: parent.id,
      deptCategory: category,
      deptName: name,
      fullName: name,
      sort,
    })
    depts.set(key, row)
  }
  const people = new Map<string, string>()
  for (const [account, realName, alias, deptKey, email] of PEOPLE) {
    const id = newId()
    await tx.insert(user).values({
      id,
      tenantId: tid,
      ...audit(),
      account,
      password: hashes.get(account)!,
      name: realName,
      realName,
      roleId: roleIds[alias],
      deptId: depts.get(deptKey)!.id,
      email,
      userType: 1,
    })
    people.set(account, id)
  }
  const admin = (
    await tx
      .select({ id: user.id })
      .from(user)
      .where(tenantRows(user, tid, { why: DEMO, withDeleted: true }))
  ).find((u) => ![...people.values()].includes(u.id))!
  people.set('admin', admin.id)

  // The manager sees only users of its own department and below: the data-scope demo.
  await grantDataScope(tx, tid, roleIds.manager, 'system:user', 4)
  // The API-scope demo: log APIs are reserved to roles granted this scope (the manager is).
  const logMenu = await first(tx.select({ id: menu.id }).from(menu).where(eq(menu.code, 'monitor')))
  if (logMenu) {
    const apiScopeId = newId()
    await tx.insert(scopeApi).values({
      id: apiScopeId,
      tenantId: tid,
      ...audit(),
      menuId: logMenu.id,
      resourceCode: 'monitor:log',
      scopeName: '日志接口',
      scopePath: '/api/blade-log/**',
      scopeType: 1,
    })
    await tx.insert(roleScope).values({ id: newId(), scopeCategory: 2, scopeId: apiScopeId, roleId: roleIds.manager })
  }

  for (const [title, content, accounts, type] of MESSAGES) {
    const id = newId()
    const to = accounts.map((a) => people.get(a)!)
    await tx.insert(message).values({
      id,
      tenantId: tid,
      type,
      title,
      content,
      receivers: to.join(','),
      createUserName: '管理员',
      createUser: admin.id,
      createTime: now(),
      updateUser: admin.id,
      updateTime: now(),
    })
    for (const userId of to)
      await tx.insert(messageRecipient).values({ id: newId(), tenantId: tid, messageId: id, userId, isRead: 1 })
  }
  for (const [title, category, releaseTime, content] of NOTICES)
    await tx
      .insert(notice)
      .values({ id: newId(), tenantId: tid, ...audit(), createUser: admin.id, title, category, releaseTime, content })
  await seedDemoMail(tx, tid, admin.id)

  // The basic package: every menu but those the platform keeps (the reference marks them).
  const platformCodes = new Set(
    flatMenus()
      .filter((m) => m.platform)
      .map((m) => m.code),
  )
  const basic = (await tx.select({ id: menu.id, code: menu.code }).from(menu).where(notDeleted(menu))).filter(
    (m) => !platformCodes.has(m.code),
  )
  const packageId = newId()
  await tx
    .insert(tenantPackage)
    .values({ id: packageId, ...audit(), ...BASIC_PACKAGE, menuId: basic.map((m) => m.id).join(',') })
  await provisionTenant(tx, { ...DEMO_TENANT, packageId, adminPasswordHash: hashes.get('admin')! })
}
