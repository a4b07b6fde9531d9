/**
 * Datasources and models (blade-develop, issue #31): the built-in row, an external PostgreSQL database on the
 * development cluster read through its real catalogue, the password sealed at rest and masked, the outbound policy on
 * the host, prototypes suggested from the columns and saved as edited — and no one but the platform administrator.
 */
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { datasource } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'
import { isSealed, unseal } from '../../lib/sealed.ts'
import { externalDatabase } from './test-database.ts'

const DS = '/api/blade-develop/datasource'
const MODEL = '/api/blade-develop/model'

describe('blade-develop datasources and models', async () => {
  const t = await testApp({ ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.1' })
  const admin = await t.token('admin')
  const external = await externalDatabase(`
    CREATE TABLE shelf (id bigint PRIMARY KEY, label varchar(40) NOT NULL);
    CREATE TABLE book (
      book_id bigserial PRIMARY KEY,
      title varchar(120) NOT NULL,
      summary text,
      pages integer,
      price numeric(8, 2),
      published_on date,
      in_stock boolean NOT NULL DEFAULT true,
      status integer,
      shelf_id bigint REFERENCES shelf (id)
    );
    COMMENT ON TABLE book IS '图书';
    COMMENT ON COLUMN book.title IS '书名';
    CREATE UNIQUE INDEX ux_book_title ON book (title);
  `)
  const stored = (id: string) => first(t.services.db.select().from(datasource).where(eq(datasource.id, id)))
  let dsId = ''

  it('has the appliance’s own database built in, which cannot be changed or removed', async () => {
    const list = await t.get(`${DS}/list`, admin)
    expect(list.body.data.records).toContainEqual(expect.objectContaining({ id: '1', driverClass: 'appliance' }))
    expect((await t.post(`${DS}/submit`, admin, { id: '1', name: '改名' })).status).toBe(400)
    expect((await t.post(`${DS}/remove`, admin, undefined, { ids: '1' })).status).toBe(400)
    const tables = (await t.get(`${MODEL}/table-list`, admin, { datasourceId: '1' })).body.data as { name: string }[]
    expect(tables.map((x) => x.name)).toContain('blade_notice')
    const info = (await t.get(`${MODEL}/table-info`, admin, { datasourceId: '1', tableName: 'blade_notice' })).body.data
    expect(info.columns).toContainEqual(expect.objectContaining({ name: 'title', nullable: false, primaryKey: false }))
    expect(info.columns).toContainEqual(expect.objectContaining({ name: 'id', primaryKey: true }))
    expect(info.indexes).toContainEqual({
      name: 'ix_notice_scoped',
      unique: false,
      columns: ['tenant_id', 'is_deleted', 'id'],
    })
  })

  it('seals the password, masks it in answers and keeps it when an edit leaves it blank', async () => {
    const r = await t.post(`${DS}/submit`, admin, {
      name: '外部图书库',
      driverClass: 'postgresql',
      url: external.url,
      username: external.username,
      password: 'not-needed-by-trust',
    })
    expect(r.status).toBe(200)
    dsId = r.body.data.id
    expect(r.body.data.password).toBe('******')
    const row = await stored(dsId)
    expect(isSealed(row?.password)).toBe(true)
    expect(unseal(t.services.jwtSecret, row!.password!)).toBe('not-needed-by-trust')
    expect((await t.get(`${DS}/detail`, admin, { id: dsId })).body.data.password).toBe('******')
    expect((await t.post(`${DS}/submit`, admin, { id: dsId, password: '', remark: '开发库' })).status).toBe(200)
    expect((await stored(dsId))?.password).toBe(row?.password)
  })

  it('refuses a host the outbound policy does not allow, and a URL it cannot read, naming the field', async () => {
    const blocked = await t.call('POST', `${DS}/submit`, {
      token: admin,
      body: { name: '内网库', driverClass: 'postgresql', url: 'postgresql://127.0.0.2:5432/x', username: 'u' },
      lang: 'en',
    })
    expect(blocked).toMatchObject({ status: 400, body: { field: 'url' } })
    expect(blocked.body.msg).toContain('127.0.0.2')
    const bad = await t.post(`${DS}/submit`, admin, { name: '坏地址', driverClass: 'postgresql', url: 'http://x/y' })
    expect(bad).toMatchObject({ status: 400, body: { field: 'url' } })
    const missing = await t.call('POST', `${DS}/submit`, { token: admin, body: { driverClass: 'mysql' }, lang: 'en' })
    expect(missing).toMatchObject({ status: 400, body: { field: 'name', msg: 'please enter the name' } })
  })

  it('reads an external PostgreSQL database’s tables, columns, indexes and foreign keys', async () => {
    const tables = (await t.get(`${MODEL}/table-list`, admin, { datasourceId: dsId })).body.data
    expect(tables).toEqual([
      { name: 'book', comment: '图书' },
      { name: 'shelf', comment: '' },
    ])
    const info = (await t.get(`${MODEL}/table-info`, admin, { datasourceId: dsId, tableName: 'book' })).body.data
    expect(info.comment).toBe('图书')
    expect(info.columns[1]).toMatchObject({
      name: 'title',
      type: 'character varying',
      length: 120,
      nullable: false,
      comment: '书名',
    })
    expect(info.columns[0]).toMatchObject({ name: 'book_id', primaryKey: true })
    expect(info.indexes).toContainEqual({ name: 'ux_book_title', unique: true, columns: ['title'] })
    expect(info.foreignKeys).toEqual([{ column: 'shelf_id', refTable: 'shelf', refColumn: 'id' }])
    const none = await t.get(`${MODEL}/table-info`, admin, { datasourceId: dsId, tableName: 'nope' })
    expect(none).toMatchObject({ status: 400, body: { field: 'tableName' } })
  })

  it('suggests prototypes from the columns and keeps the ones the administrator edited', async () => {
    const m = await t.post(`${MODEL}/submit`, admin, {
      datasourceId: dsId,
      modelName: '图书',
      modelNameEn: 'Book',
      modelCode: 'book',
      modelTable: 'book',
    })
    expect(m.status).toBe(200)
    const modelId = m.body.data.id
    const suggested = (await t.get(`${MODEL}/model-prototype`, admin, { modelId })).body.data as Record<
      string,
      unknown
    >[]
    // The key and the common columns (status) are Atrium's own; the rest become fields.
    expect(suggested.map((p) => p.propertyName)).toEqual([
      'title',
      'summary',
      'pages',
      'price',
      'publishedOn',
      'inStock',
      'shelfId',
    ])
    expect(suggested[0]).toMatchObject({
      propertyType: 'text',
      length: 120,
      isRequired: true,
      comment: '书名',
      commentEn: 'Title',
      isQuery: true,
    })
    expect(suggested[1]).toMatchObject({ componentType: 'textarea', isRequired: false })
    expect(suggested[2]).toMatchObject({ propertyType: 'integer', componentType: 'number' })
    expect(suggested[3]).toMatchObject({ propertyType: 'real' })
    expect(suggested[4]).toMatchObject({ componentType: 'date' })
    expect(suggested[5]).toMatchObject({ componentType: 'switch', isRequired: false })
    const edited = suggested.map((p) =>
      p.propertyName === 'pages' ? { ...p, comment: '页数', commentEn: 'Pages', isRequired: true } : p,
    )
    expect((await t.post(`${MODEL}/submit`, admin, { id: modelId, prototypes: edited })).status).toBe(200)
    const saved = (await t.get(`${MODEL}/model-prototype`, admin, { modelId })).body.data
    expect(saved[2]).toMatchObject({ propertyName: 'pages', comment: '页数', isRequired: true })
    expect((await t.get(`${MODEL}/detail`, admin, { id: modelId })).body.data.prototypes[2].comment).toBe('页数')
    const clash = await t.post(`${MODEL}/submit`, admin, {
      id: modelId,
      prototypes: [{ ...suggested[0], propertyName: 'tenantId' }],
    })
    expect(clash).toMatchObject({ status: 400, body: { field: 'prototypes' } })
    const badSource = await t.post(`${MODEL}/submit`, admin, { id: modelId, datasourceId: '999' })
    expect(badSource).toMatchObject({ status: 400, body: { field: 'datasourceId' } })
  })

  it('is the platform administrator’s alone: a school’s administrator and a student get 403', async () => {
    const school = await t.token('admin', 'admin', '100001')
    const student = await t.token('student')
    for (const token of [school, student]) {
      expect((await t.get(`${DS}/list`, token)).status).toBe(403)
      expect((await t.get(`${DS}/detail`, token, { id: dsId })).status).toBe(403)
      expect(
        (await t.post(`${DS}/submit`, token, { name: 'x', driverClass: 'postgresql', url: external.url })).status,
      ).toBe(403)
      expect((await t.get(`${MODEL}/table-list`, token, { datasourceId: '1' })).status).toBe(403)
      expect((await t.get('/api/blade-develop/code/list', token)).status).toBe(403)
    }
  })
})
