import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { describe, expect, it } from 'vitest'
import { and, count, eq, sql, type SQL } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import {
  client,
  device,
  dictBiz,
  menu,
  param,
  post,
  product,
  region,
  role,
  tenant,
  user,
} from '../../db/schema/index.ts'
import { md5Hex } from '../modules/auth/password.ts'
import { onPostgres } from '../../tests/support/engine.ts'
import { testApp } from '../../tests/support/harness.ts'
import { closeDb, openDatabase } from './db.ts'
import { errorHandler } from './error-handler.ts'
import { newId } from './ids.ts'
import { first, runSql } from './rows.ts'

/**
 * Every uniqueness rule holds under concurrency: two submits of one value at
 * the same moment give exactly one success and one 409 naming the field (the
 * message a plain duplicate gets), never a 500, and one live row. Behind the
 * check, partial unique indexes refuse what another process slips in, and a
 * removed row frees its value.
 */
describe('uniqueness: checked in the write transaction, backed by partial unique indexes', async () => {
  const t = await testApp()
  const db = t.services.db
  const live = async (table: SQLiteTable, where: SQL | undefined) =>
    (await first(db.select({ n: count() }).from(table).where(where)))!.n
  const idOf = async (table: typeof role | typeof product, where: SQL | undefined) =>
    (await first(db.select({ id: table.id }).from(table).where(where)))!.id

  /** The same body posted twice at once; the answers sorted success first. */
  async function race(path: string, token: string, body: () => Record<string, unknown>) {
    const answers = await Promise.all([
      t.call('POST', path, { token, body: body(), lang: 'en' }),
      t.call('POST', path, { token, body: body(), lang: 'en' }),
    ])
    return answers.sort((a, b) => a.status - b.status)
  }

  const studentRole = await idOf(role, and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'student')))
  const productId = await idOf(product, eq(product.tenantId, '000000'))
  const cases: {
    what: string
    path: string
    body: () => Record<string, unknown>
    field: string
    msg: string
    rows: () => Promise<number>
  }[] = [
    {
      what: 'post code',
      path: '/api/blade-system/post/submit',
      body: () => ({ postCode: 'race-post', postName: '并发岗位', category: 1 }),
      field: 'postCode',
      msg: 'the post code already exists',
      rows: () => live(post, and(eq(post.postCode, 'race-post'), eq(post.isDeleted, 0))),
    },
    {
      what: 'param key',
      path: '/api/blade-system/param/submit',
      body: () => ({ paramName: 'race', paramKey: 'race.key', paramValue: '1' }),
      field: 'paramKey',
      msg: 'the parameter key already exists',
      rows: () => live(param, and(eq(param.paramKey, 'race.key'), eq(param.isDeleted, 0))),
    },
    {
      what: 'account',
      path: '/api/blade-system/user/submit',
      body: () => ({
        account: 'racer',
        realName: 'Racer',
        roleId: studentRole,
      }),
      field: 'account',
      msg: 'the account already exists',
      rows: () => live(user, and(eq(user.account, 'racer'), eq(user.tenantId, '000000'), eq(user.isDeleted, 0))),
    },
    {
      what: 'role alias',
      path: '/api/blade-system/role/submit',
      body: () => ({ roleName: '并发角色', roleAlias: 'racer' }),
      field: 'roleAlias',
      msg: 'the role alias already exists',
      rows: () => live(role, and(eq(role.roleAlias, 'racer'), eq(role.tenantId, '000000'), eq(role.isDeleted, 0))),
    },
    {
      what: 'menu code',
      path: '/api/blade-system/menu/submit',
      body: () => ({ code: 'race:menu', name: '并发菜单', alias: 'Race', path: '/race', sort: 99, category: 1 }),
      field: 'code',
      msg: 'the menu code already exists',
      rows: () => live(menu, and(eq(menu.code, 'race:menu'), eq(menu.isDeleted, 0))),
    },
    {
      what: 'dictionary code and key',
      path: '/api/blade-system/dict-biz/submit',
      body: () => ({ code: 'race_dict', dictValue: '并发', dictKey: '-1', sort: 1, isSealed: 0 }),
      field: 'dictKey',
      msg: 'this dictionary key already exists',
      rows: () => live(dictBiz, and(eq(dictBiz.code, 'race_dict'), eq(dictBiz.isDeleted, 0))),
    },
    {
      what: 'client id',
      path: '/api/blade-system/client/submit',
      body: () => ({ clientId: 'race-client', clientSecret: 'race_secret', authorizedGrantTypes: 'password' }),
      field: 'clientId',
      msg: 'the client id already exists',
      rows: () => live(client, and(eq(client.clientId, 'race-client'), eq(client.isDeleted, 0))),
    },
    {
      what: 'device sn within its product',
      path: '/api/blade-device/device/submit',
      body: () => ({ name: '并发设备', productId, sn: 'RACE-1' }),
      field: 'sn',
      msg: 'this product already has a device with that sn',
      rows: () => live(device, and(eq(device.sn, 'RACE-1'), eq(device.isDeleted, 0))),
    },
    {
      what: 'region code (a keyed upsert)',
      path: '/api/blade-system/region/submit',
      body: () => ({ code: '990000', parentCode: '00', name: '并发省', regionLevel: 1 }),
      field: 'code',
      msg: 'the region code already exists',
      rows: () => live(region, eq(region.code, '990000')),
    },
  ]

  for (const c of cases)
    it(`${c.what}: two submits at once → one 200, one 409 naming ${c.field}, one live row`, async () => {
      const admin = await t.token('admin')
      const [won, lost] = await race(c.path, admin, c.body)
      expect(won.status, JSON.stringify(won.body)).toBe(200)
      // A keyed resource updates a row that exists: the region's second submit may also win, as an update.
      if (c.field === 'code' && c.path.includes('region') && lost.status === 200) return expect(await c.rows()).toBe(1)
      expect(lost, JSON.stringify(lost.body)).toMatchObject({
        status: 409,
        body: { code: 409, field: c.field, msg: c.msg },
      })
      expect(await c.rows()).toBe(1)
      const later = await t.call('POST', c.path, { token: admin, body: c.body(), lang: 'en' })
      if (c.path.includes('region')) {
        // A keyed resource: a later submit of the code finds the row and updates it, whichever way the race went.
        expect(later.status, JSON.stringify(later.body)).toBe(200)
        return expect(await c.rows()).toBe(1)
      }
      // A plain later duplicate answers the same.
      expect(later).toMatchObject({ status: 409, body: { field: c.field, msg: c.msg } })
    })

  it('tenant creation: one tenant id and one domain, however many submits race for them', async () => {
    const admin = await t.token('admin')
    const P = '/api/blade-system/tenant/submit'
    const [won, lost] = await race(P, admin, () => ({ tenantId: '777001', tenantName: '并发学校' }))
    expect(won.status, JSON.stringify(won.body)).toBe(200)
    expect(lost).toMatchObject({
      status: 409,
      body: { field: 'tenantId', msg: 'the tenant id 777001 already exists' },
    })
    const [first, second] = await race(P, admin, () => ({ tenantName: '域名学校', domain: 'race.atrium.local' }))
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(second).toMatchObject({
      status: 409,
      body: { field: 'domain', msg: 'the domain race.atrium.local is already in use' },
    })
    expect(await live(tenant, and(eq(tenant.domain, 'race.atrium.local'), eq(tenant.isDeleted, 0)))).toBe(1)
  })

  it('registration: two applications for one account at once → one pending account, one 409', async () => {
    const body = () => ({
      tenantId: '000000',
      name: '并发同学',
      account: 'race-applicant',
      password: md5Hex('pw123456'),
      password2: md5Hex('pw123456'),
    })
    const answers = await Promise.all([
      t.call('POST', '/api/blade-system/user/register-guest', { body: body(), lang: 'en' }),
      t.call('POST', '/api/blade-system/user/register-guest', { body: body(), lang: 'en' }),
    ])
    const [won, lost] = answers.sort((a, b) => a.status - b.status)
    expect(won.status, JSON.stringify(won.body)).toBe(200)
    expect(lost).toMatchObject({
      status: 409,
      body: { field: 'account', msg: 'the account race-applicant already exists' },
    })
    expect(await live(user, and(eq(user.account, 'race-applicant'), eq(user.isDeleted, 0)))).toBe(1)
  })

  it('a removed row frees its value; a removed tenant keeps its id', async () => {
    const admin = await t.token('admin')
    const P = '/api/blade-system/post'
    const first = await t.post(`${P}/submit`, admin, { postCode: 'again', postName: '一', category: 1 })
    expect((await t.post(`${P}/remove`, admin, undefined, { ids: first.body.data.id })).status).toBe(200)
    const second = await t.post(`${P}/submit`, admin, { postCode: 'again', postName: '二', category: 1 })
    expect(second.status).toBe(200)
    expect(await db.select().from(post).where(eq(post.postCode, 'again'))).toHaveLength(2)

    const made = await t.post('/api/blade-system/tenant/submit', admin, { tenantId: '777002', tenantName: '旧校' })
    expect(made.status).toBe(200)
    expect((await t.post('/api/blade-system/tenant/remove', admin, undefined, { ids: made.body.data.id })).status).toBe(
      200,
    )
    const reuse = await t.call('POST', '/api/blade-system/tenant/submit', {
      token: admin,
      body: { tenantId: '777002', tenantName: '新校' },
      lang: 'en',
    })
    expect(reuse).toMatchObject({ status: 409, body: { field: 'tenantId' } })
  })

  it('the indexes refuse a live duplicate written by another process, not a removed one', async () => {
    const names = [
      'ux_user_account',
      'ux_role_alias',
      'ux_menu_code',
      'ux_top_menu_code',
      'ux_dict_code_key',
      'ux_dict_biz_code_key',
      'ux_param_key',
      'ux_post_code',
      'ux_client_id',
      'ux_tenant_domain',
      'ux_device_product_sn',
    ]
    if (onPostgres) {
      // A second connection to the same database, as the CLI or another server process opens.
      const other = openDatabase(t.services.config)
      try {
        const insert = (isDeleted: number) =>
          runSql(
            other,
            sql`INSERT INTO blade_post (id, tenant_id, is_deleted, post_code, post_name, category, sort) VALUES (${newId()}, '000000', ${isDeleted}, 'dean', 'x', 1, 0)`,
          )
        const refused = await insert(0).then(
          () => undefined,
          (e: { cause?: unknown }) => e.cause ?? e,
        )
        expect(refused).toMatchObject({ errno: '23505', constraint: 'ux_post_code' })
        await insert(1)
        const indexes = (await runSql(
          other,
          sql`SELECT indexname AS name, indexdef AS sql FROM pg_indexes WHERE indexname LIKE 'ux\_%'`,
        )) as { name: string; sql: string }[]
        const partial = (name: string) => indexes.find((i) => i.name === name)?.sql ?? ''
        for (const name of names)
          expect(partial(name), name).toMatch(/^CREATE UNIQUE INDEX .* WHERE \(+is_deleted = 0\)/)
        expect(partial('ux_product_key')).toMatch(/^CREATE UNIQUE INDEX/)
      } finally {
        await closeDb(other)
      }
      return
    }
    // A second connection to the same file, as the CLI opens while the server runs.
    const other = new Database(join(t.dataDir, 'atrium.db'))
    try {
      other.exec('PRAGMA busy_timeout = 5000')
      const insert = (isDeleted: number) =>
        other
          .query(
            `INSERT INTO blade_post (id, tenant_id, is_deleted, post_code, post_name, category, sort) VALUES (?, '000000', ?, 'dean', 'x', 1, 0)`,
          )
          .run(newId(), isDeleted)
      expect(() => insert(0)).toThrow(/UNIQUE constraint failed: blade_post\.tenant_id, blade_post\.post_code/)
      expect(() => insert(1)).not.toThrow()
      const indexes = other
        .query<{ name: string; sql: string }, []>(
          `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name LIKE 'ux\\_%' ESCAPE '\\'`,
        )
        .all()
      const partial = (name: string) => indexes.find((i) => i.name === name)?.sql ?? ''
      for (const name of names) expect(partial(name), name).toMatch(/^CREATE UNIQUE INDEX .* WHERE is_deleted = 0/)
      expect(partial('ux_product_key')).toMatch(/^CREATE UNIQUE INDEX/)
    } finally {
      other.close()
    }
  })

  it("an index's refusal that reaches the error handler answers the rule's 409, in the caller's language", async () => {
    // A hand-written route with no check of its own: only the index stands between it and a duplicate.
    const app = new Elysia()
      .use(errorHandler(t.services))
      .post('/dup', async () => {
        await db.insert(post).values({ id: newId(), tenantId: '000000', postCode: 'dean', postName: 'x', category: 1 })
        return 'written'
      })
      .post('/dup-account', async () => {
        await db
          .insert(user)
          .values({ id: newId(), tenantId: '000000', account: 'admin', password: 'x', roleId: '', deptId: '' })

        return 'written'
      })
    const call = async (path: string, lang: string) => {
      const res = await app.handle(
        new Request(`http://localhost${path}`, { method: 'POST', headers: { 'accept-language': lang } }),
      )
      return { status: res.status, body: await res.json() }
    }
    expect(await call('/dup', 'en')).toMatchObject({
      status: 409,
      body: { code: 409, field: 'postCode', msg: 'the post code already exists' },
    })
    expect(await call('/dup-account', 'zh')).toMatchObject({
      status: 409,
      body: { code: 409, field: 'account', msg: '登录账号已存在' },
    })
    expect(await live(user, and(eq(user.account, 'admin'), eq(user.tenantId, '000000'), eq(user.isDeleted, 0)))).toBe(1)
  })
})
