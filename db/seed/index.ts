import { eq } from 'drizzle-orm'
import type { Db } from '../../server/lib/db.ts'
import { newId } from '../../server/lib/ids.ts'
import { now } from '../../server/lib/time.ts'
import { client, dept, dict, menu, region, roleScope, scopeApi, tenant, tenantPackage, topMenu, topMenuSetting, user } from '../schema/index.ts'
import { BUTTON_NAMES, MENUS, type MenuSeed } from './menus.ts'
import { SYSTEM_DICTS } from './dicts.ts'
import { REGIONS } from './regions.ts'
import { seedMessages } from './messages.ts'
import { grantDataScope, provisionTenant } from '../../server/modules/system/tenant-provision.ts'
import { hashPasswordBeforeListening as hashPassword } from '../../server/modules/auth/password.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
const audit = () => ({ createUser: '0', createTime: now(), updateUser: '0', updateTime: now() })

function seedMenus(tx: Tx, items: MenuSeed[], parentId = '0') {
  items.forEach((m, i) => {
    const id = newId()
    tx.insert(menu).values({ id, ...audit(), parentId, code: m.code, name: m.name, alias: m.alias, path: m.path, source: m.source ?? null, sort: i + 1, category: 1, isOpen: m.isOpen ?? 0 }).run()
    ;(m.buttons ?? []).forEach((b, j) => {
      const [verb, zh, en] = Array.isArray(b) ? b : [b, ...BUTTON_NAMES[b]]
      tx.insert(menu).values({ id: newId(), ...audit(), parentId: id, code: `${m.code}:${verb}`, name: zh, alias: en, path: null, source: null, sort: j + 1, category: 2, action: verb === 'add' ? 1 : 2 }).run()
    })
    if (m.children) seedMenus(tx, m.children, id)
  })
}

function seedDicts(tx: Tx) {
  for (const [code, zh, en, items] of SYSTEM_DICTS) {
    const parentId = newId()
    tx.insert(dict).values({ id: parentId, ...audit(), parentId: '0', code, dictKey: '-1', dictValue: zh, dictValueEn: en, sort: 1, isSealed: 1 }).run()
    items.forEach(([k, v, ve], i) => tx.insert(dict).values({ id: newId(), ...audit(), parentId, code, dictKey: k, dictValue: v, dictValueEn: ve, sort: i + 1, isSealed: 1 }).run())
  }
}

/**
 * First-start data: idempotent (does nothing once tenant 000000 exists), all
 * in one transaction so a crash mid-seed leaves an empty database to seed again.
 */
export function seed(db: Db): boolean {
  if (db.select({ id: tenant.id }).from(tenant).where(eq(tenant.tenantId, '000000')).get()) return false
  db.transaction((tx) => {
    seedMenus(tx, MENUS)
    seedDicts(tx)
    for (const r of REGIONS) tx.insert(region).values(r).run()
    tx.insert(client).values({ id: newId(), ...audit(), clientId: 'saber', clientSecret: 'saber_secret', scope: 'all', authorizedGrantTypes: 'refresh_token,password,captcha,social', accessTokenValidity: 3600, refreshTokenValidity: 604800 }).run()

    const { roleIds, rootDeptId } = provisionTenant(tx, { adminPasswordHash: hashPassword('admin'), tenantId: '000000', tenantName: 'Atrium 示范学校', domain: 'localhost', linkman: '管理员', contactNumber: '4006916913' })
    const dep = (name: string, parentId: string, ancestors: string, category: number, sort: number) => {
      const id = newId()
      tx.insert(dept).values({ id, tenantId: '000000', ...audit(), parentId, ancestors, deptCategory: category, deptName: name, fullName: name, sort }).run()
      return id
    }
    const academic = dep('教务处', rootDeptId, `0,${rootDeptId}`, 1, 1)
    const cs = dep('计算机系', rootDeptId, `0,${rootDeptId}`, 1, 2)
    const class1 = dep('2024级计算机1班', cs, `0,${rootDeptId},${cs}`, 2, 1)
    dep('2024级计算机2班', cs, `0,${rootDeptId},${cs}`, 2, 2)
    const person = (account: string, realName: string, roleAlias: string, deptId: string, email: string) =>
      tx.insert(user).values({ id: newId(), tenantId: '000000', ...audit(), account, password: hashPassword(account), name: realName, realName, roleId: roleIds[roleAlias], deptId, email, userType: 1 }).run()
    person('teacher', '李老师', 'teacher', cs, 'teacher@atrium.local')
    person('student', '王同学', 'student', class1, 'student@atrium.local')
    person('manager', '赵主任', 'manager', academic, 'manager@atrium.local')
    // The manager sees only users of its own department and below: the data-scope demo.
    grantDataScope(tx, '000000', roleIds.manager, 'system:user', 4)
    // The API-scope demo: log APIs are reserved to roles granted this scope (the manager is).
    const logMenu = tx.select({ id: menu.id }).from(menu).where(eq(menu.code, 'monitor')).get()!
    const apiScopeId = newId()
    tx.insert(scopeApi).values({ id: apiScopeId, tenantId: '000000', ...audit(), menuId: logMenu.id, resourceCode: 'monitor:log', scopeName: '日志接口', scopePath: '/api/blade-log/**', scopeType: 1 }).run()
    tx.insert(roleScope).values({ id: newId(), scopeCategory: 2, scopeId: apiScopeId, roleId: roleIds.manager }).run()

    const menus = tx.select({ id: menu.id, code: menu.code, category: menu.category, parentId: menu.parentId }).from(menu).all()
    const basic = menus.filter((m) => !['system:tenant', 'system:tenantpackage', 'system:client', 'system:menu', 'system:topmenu', 'monitor:health'].some((c) => m.code === c || m.code.startsWith(`${c}:`)))
    const packageId = newId()
    tx.insert(tenantPackage).values({ id: packageId, ...audit(), packageName: '学校基础套餐', menuId: basic.map((m) => m.id).join(','), remark: 'Everything a school runs itself; tenants, clients and menus stay with the platform.' }).run()
    provisionTenant(tx, { adminPasswordHash: hashPassword('admin'), tenantId: '100001', tenantName: '示例中学', domain: 'demo.atrium.local', packageId, accountNumber: 500, linkman: '张校长' })

    seedMessages(tx, '000000')

    const top = [['desk', '工作台', 'Workbench', 'desktop', ['desk']], ['system', '系统管理', 'System', 'settings', ['system', 'authority', 'monitor']]] as const
    top.forEach(([code, name, alias, source, roots], i) => {
      const id = newId()
      tx.insert(topMenu).values({ id, ...audit(), code, name, alias, source, path: `/${code}`, sort: i + 1 }).run()
      for (const m of menus.filter((m) => (roots as readonly string[]).includes(m.code))) tx.insert(topMenuSetting).values({ id: newId(), topMenuId: id, menuId: m.id }).run()
    })
  })
  return true
}
