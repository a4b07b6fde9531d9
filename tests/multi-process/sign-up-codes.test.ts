import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logUsual } from '../../db/schema/index.ts'
import { closeDb, openDatabase, type Db } from '../../server/lib/db.ts'
import { md5Hex } from '../../server/modules/auth/password.ts'
import { call, startNode, stopNode, until, type Node } from '../support/processes.ts'
import { applianceDatabaseConfig } from '../support/server-process.ts'

/** Sign-up SMS codes on real appliance processes sharing one data directory (issue #27). */
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-sms-'))
if (process.env.ATRIUM_TEST_TEMPLATE) copyFileSync(process.env.ATRIUM_TEST_TEMPLATE, join(dataDir, 'atrium.db'))
const env = { ATRIUM_REGISTER_IP_LIMIT: '100' }
const nodes: Node[] = []
const start = async () => {
  const n = await startNode(dataDir, env)
  nodes.push(n)
  return n
}
let db: Db

/** The code the default provider (no SMS gateway) wrote to the usual log for `phone`. */
async function codeFor(phone: string): Promise<string> {
  let code: string | undefined
  await until(async () => {
    code = (
      await db
        .select()
        .from(logUsual)
        .where(and(eq(logUsual.title, 'sms code')))
        .orderBy(desc(logUsual.id))
    )
      .map((r) => JSON.parse(r.logData!) as { phone: string; code: string })
      .find((d) => d.phone === phone)?.code
    return !!code
  })
  return code!
}
const form = (phone: string, code: string) => ({
  phone,
  code,
  name: '多进程同学',
  password: md5Hex('secret1'),
  password2: md5Hex('secret1'),
})

beforeAll(async () => {
  await start() // migrates first
  db = openDatabase(await applianceDatabaseConfig(dataDir))
}, 60_000)

afterAll(async () => {
  for (const n of nodes) await stopNode(n)
  await closeDb(db)
  rmSync(dataDir, { recursive: true, force: true })
})

describe('sign-up codes across processes', () => {
  it('a code sent by one process is known to another, the resend limit holds across them, and it is spent once', async () => {
    const [a, b] = [nodes[0], await start()]
    const phone = '13600000001'
    expect((await call(a, 'GET', '/api/nop-wbp/send/msg', { query: { phone } })).status).toBe(200)
    expect((await call(b, 'GET', '/api/nop-wbp/send/msg', { query: { phone } })).status).toBe(429)
    const code = await codeFor(phone)
    const answers = await Promise.all(
      [a, b, a, b].map((n) => call(n, 'POST', '/api/nop-wbp/user/addUser', { body: form(phone, code) })),
    )
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1)
    expect(answers.filter((r) => r.status !== 200).map((r) => r.body.field)).toEqual(['code', 'code', 'code'])
  }, 60_000)

  it('a code requested before a restart still verifies after it', async () => {
    const phone = '13600000002'
    expect((await call(nodes[0], 'GET', '/api/nop-wbp/send/msg', { query: { phone } })).status).toBe(200)
    const code = await codeFor(phone)
    for (const n of nodes) await stopNode(n)
    const again = await start()
    const r = await call(again, 'POST', '/api/nop-wbp/user/addUser', { body: form(phone, code) })
    expect(r).toMatchObject({ status: 200, body: { data: { account: phone } } })
  }, 60_000)
})
