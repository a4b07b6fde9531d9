/**
 * gen-code (blade-develop/code, issue #31): a model made from a new table becomes Atrium's own five-file pattern —
 * table, fields, resource, reference menu, screen — with both engines' migrations and a test, as a zip. The zip is
 * unpacked into one scratch copy of the project (the tree without node_modules, which is linked), where the type
 * checker, the linter and prettier accept the generated files, drizzle-kit finds nothing left to generate on either
 * engine, and the generated test drives the new resource through `app.handle` (CRUD, the field-named 400, tenants,
 * students) on this run's engine.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, describe, expect, it } from 'vitest'
import { itSqlite } from '../../../tests/support/engine.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { ROOT } from './generate/migrations.ts'
import { externalDatabase } from './test-database.ts'

const CODE = '/api/blade-develop/code'
const SKIP = new Set(['node_modules', '.git', 'data', 'dist'])

describe('blade-develop/code gen-code', async () => {
  const t = await testApp({ ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.1' })
  const admin = await t.token('admin')
  const external = await externalDatabase(`
    CREATE TABLE loan (
      id bigserial PRIMARY KEY,
      borrower varchar(40) NOT NULL,
      book_title varchar(200),
      note text,
      copies integer NOT NULL,
      fine numeric(8, 2),
      due_on date,
      returned_at timestamp,
      renewed boolean
    );
    COMMENT ON COLUMN loan.borrower IS '借阅人';
  `)
  const ds = await t.post('/api/blade-develop/datasource/submit', admin, {
    name: '借阅库',
    driverClass: 'postgresql',
    url: external.url,
    username: external.username,
  })
  const model = await t.post('/api/blade-develop/model/submit', admin, {
    datasourceId: ds.body.data.id,
    modelName: '借阅记录',
    modelNameEn: 'Loan',
    modelCode: 'loan',
    modelTable: 'loan',
  })
  const modelId: string = model.body.data.id
  const code = {
    modelId,
    codeName: '借阅管理',
    codeNameEn: 'Lending',
    serviceName: 'blade-lending',
    packageName: 'lending',
    tableName: 'blade_loan',
  }
  const added = await t.post(`${CODE}/submit`, admin, code)
  const codeId: string = added.body.data.id

  const download = async (ids: string) => {
    const res = await t.app.handle(
      new Request(`http://localhost${CODE}/gen-code?ids=${ids}`, { headers: { 'blade-auth': `bearer ${admin}` } }),
    )
    return { res, files: unzipSync(new Uint8Array(await res.arrayBuffer())) }
  }

  it('refuses a name the project already has, naming the field', async () => {
    expect(added.status).toBe(200)
    const area = await t.call('POST', `${CODE}/submit`, {
      token: admin,
      body: { ...code, packageName: 'desk' },
      lang: 'en',
    })
    expect(area).toMatchObject({ status: 400, body: { field: 'packageName' } })
    expect(area.body.msg).toContain('desk')
    const table = await t.post(`${CODE}/submit`, admin, { ...code, tableName: 'blade_notice' })
    expect(table).toMatchObject({ status: 400, body: { field: 'tableName' } })
    const clash = await t.post('/api/blade-develop/model/submit', admin, {
      ...model.body.data,
      id: undefined,
      modelCode: 'notice',
      prototypes: null,
    })
    expect(clash.status).toBe(200)
    const entity = await t.post(`${CODE}/submit`, admin, { ...code, modelId: clash.body.data.id })
    expect(entity).toMatchObject({ status: 400, body: { field: 'modelId' } })
    const service = await t.post(`${CODE}/submit`, admin, { ...code, serviceName: 'Blade Lending' })
    expect(service).toMatchObject({ status: 400, body: { field: 'serviceName' } })
  })

  it('copies a code generation', async () => {
    const copy = await t.post(`${CODE}/copy`, admin, undefined, { id: codeId })
    expect(copy.body.data).toMatchObject({ codeName: '借阅管理-copy', packageName: 'lending', modelId })
    expect(copy.body.data.id).not.toBe(codeId)
  })

  it('is the platform administrator’s alone', async () => {
    const school = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${CODE}/gen-code`, school, { ids: codeId })).status).toBe(403)
    expect((await t.post(`${CODE}/copy`, school, undefined, { id: codeId })).status).toBe(403)
  })

  // Once, on SQLite: the generated files are the same on either engine, and the scratch copy runs its test on SQLite.
  itSqlite(
    'writes the five-file pattern, both migrations and a test, which pass in a copy of the project',
    async () => {
      const { res, files } = await download(codeId)
      expect(res.headers.get('content-type')).toBe('application/zip')
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="lending.zip"')
      const paths = Object.keys(files).sort()
      for (const p of [
        'db/schema/lending.ts',
        'db/fields/lending.ts',
        'server/modules/lending/loan.ts',
        'server/modules/lending/index.ts',
        'server/modules/lending/loan.test.ts',
        'db/reference/areas/lending.ts',
        'web/src/admin/lending/Loan.tsx',
        'web/src/admin/lending/screens.ts',
        'db/schema/index.ts',
        'server/modules/index.ts',
        'db/migrations/meta/_journal.json',
        'db/migrations-pg/meta/_journal.json',
      ])
        expect(paths).toContain(p)
      expect(paths.filter((p) => /^db\/migrations(-pg)?\/\d{4}_lending\.sql$/.test(p))).toHaveLength(2)
      const text = (p: string) => strFromU8(files[p]!)
      expect(text('db/schema/lending.ts')).toContain('borrower: text().notNull(),')
      expect(text('db/fields/lending.ts')).toContain(
        "borrower: { label: L('借阅人', 'Borrower'), required: true, max: 40 },",
      )
      expect(text('server/modules/index.ts')).toContain("import { lendingModule } from './lending/index.ts'")

      const scratch = mkdtempSync(join(tmpdir(), 'atrium-gen-'))
      afterAll(() => rmSync(scratch, { recursive: true, force: true }))
      cpSync(ROOT, scratch, { recursive: true, filter: (src) => !SKIP.has(basename(src)) })
      symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'))
      for (const [p, bytes] of Object.entries(files)) {
        mkdirSync(dirname(join(scratch, p)), { recursive: true })
        writeFileSync(join(scratch, p), bytes)
      }
      const sources = paths.filter((p) => /\.tsx?$/.test(p))
      const run = (cmd: string, args: string[], env: Record<string, string | undefined> = process.env) =>
        spawnSync(cmd, args, { cwd: scratch, env, encoding: 'utf8', timeout: 300_000 })

      // The generated files and what they import are type-checked (a whole-project check costs half a minute more and
      // the rest of the tree is checked by the outer run's own tsc).
      writeFileSync(
        join(scratch, 'tsconfig.generated.json'),
        // The project's ambient declarations come along: vendor typings and the augmented request context.
        JSON.stringify({ extends: './tsconfig.json', include: ['**/*.d.ts', 'server/services.ts'], files: sources }),
      )
      const tsc = run(join(scratch, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.generated.json'])
      expect(tsc.stdout + tsc.stderr).toBe('')
      expect(tsc.status).toBe(0)
      const eslint = run(join(scratch, 'node_modules/.bin/eslint'), sources)
      expect(`${eslint.stdout}${eslint.stderr}`).toBe('')
      expect(eslint.status).toBe(0)
      const prettier = run(join(scratch, 'node_modules/.bin/prettier'), ['--check', ...sources])
      expect(prettier.status, prettier.stdout + prettier.stderr).toBe(0)

      // The scratch run seeds its own template: the outer run's template and worker URL are left out.
      const { ATRIUM_TEST_TEMPLATE, ATRIUM_TEST_PG_ADMIN, ATRIUM_TEST_PG_TEMPLATE, ATRIUM_DATABASE_URL, ...env } =
        process.env
      void [ATRIUM_TEST_TEMPLATE, ATRIUM_TEST_PG_ADMIN, ATRIUM_TEST_PG_TEMPLATE, ATRIUM_DATABASE_URL]
      const vitest = run(
        process.execPath,
        [
          '--bun',
          join(scratch, 'node_modules/.bin/vitest'),
          'run',
          'server/modules/lending/loan.test.ts',
          'tests/conventions/schema-dialects.test.ts',
        ],
        env,
      )
      const out = `${vitest.stdout}${vitest.stderr}`
      expect(out, out).toMatch(/Tests\s+.*\d+ passed/)
      expect(vitest.status, out).toBe(0)
    },
    900_000,
  )
})
