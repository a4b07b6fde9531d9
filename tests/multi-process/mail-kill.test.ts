import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { emailOutbox } from '../../db/schema/index.ts'
import { systemActor } from '../../server/lib/context.ts'
import { closeDb, openDatabase } from '../../server/lib/db.ts'
import { first } from '../../server/lib/rows.ts'
import { withTransaction } from '../../server/lib/transaction.ts'
import { queueMail } from '../../server/modules/mail/queue.ts'
import { call, signIn, startNode, stopNode, until, type Node } from '../support/processes.ts'
import { applianceDatabaseConfig } from '../support/server-process.ts'
import { startTestSmtp } from '../support/smtp-server.ts'

/**
 * Issue #29: `kill -9` while the outbox sends 500 messages; after a restart every message reached the SMTP server
 * exactly once (counted by Message-ID). The server is slow to answer the 150th message and the appliance is killed
 * while it waits (100 ms after the message's end): that message was handed over, so the restarted appliance records
 * it as sent instead of sending it again. The other messages in flight are cut wherever the kill finds them —
 * mid-DATA (no final dot: the server drops them, they are sent after the restart) or waiting for their answer.
 */
const COUNT = 500
const KILL_AT = 150
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-mail-kill-'))
if (process.env.ATRIUM_TEST_TEMPLATE) copyFileSync(process.env.ATRIUM_TEST_TEMPLATE, join(dataDir, 'atrium.db'))
const env = { ATRIUM_OUTBOUND_ALLOW: '127.0.0.1', ATRIUM_LEASE_MS: '1500' }
const nodes: Node[] = []

describe('the outbox across kill -9', async () => {
  let node: Node
  let arrived = 0
  let killed: Promise<void> | undefined
  const smtp = await startTestSmtp({
    users: { 'office@school.test': 'pw' },
    parse: false,
    onMessage: async () => {
      if (++arrived === KILL_AT) {
        await Bun.sleep(100)
        killed = stopNode(node, 'SIGKILL')
      }
      if (killed) await killed
    },
  })
  afterAll(async () => {
    for (const n of nodes) await stopNode(n)
    await smtp.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('sends every message exactly once after a restart', async () => {
    node = await startNode(dataDir, env)
    nodes.push(node)
    const token = await signIn(node)
    const made = await call(node, 'POST', '/api/blade-email/config/submit', {
      token,
      body: {
        name: '教务处',
        host: '127.0.0.1',
        port: smtp.port,
        tlsMode: 0,
        username: 'office@school.test',
        password: 'pw',
        fromAddress: 'office@school.test',
      },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const db = openDatabase(await applianceDatabaseConfig(dataDir))
    try {
      await withTransaction(db, async (tx) => {
        for (let i = 0; i < COUNT; i++)
          await queueMail(tx, systemActor('000000'), {
            to: [`learner${i}@example.com`],
            subject: `成绩通知 ${i}`,
            content: `<p>第 ${i} 封</p>`,
            configId: made.body.data.id,
          })
      })
      await until(() => killed !== undefined, 60_000)
      await killed
      // The messages the server held at the kill are counted once their answers fail to reach the dead sender.
      await until(() => smtp.counts.size >= KILL_AT)
      expect(smtp.counts.size).toBeLessThan(COUNT)

      node = await startNode(dataDir, env)
      nodes.push(node)
      const queued = async () =>
        Number(
          (
            await first(
              db
                .select({ n: sql<number>`count(*)` })
                .from(emailOutbox)
                .where(eq(emailOutbox.status, 0)),
            )
          )?.n ?? 0,
        )
      await until(async () => (await queued()) === 0, 120_000)
      // The test's messages (the demo school's sample message aside).
      const rows = (await db.select().from(emailOutbox)).filter((r) => r.to.startsWith('learner'))
      expect(rows).toHaveLength(COUNT)
      expect(rows.filter((r) => r.status === 1)).toHaveLength(COUNT)
      expect(smtp.counts.size).toBe(COUNT)
      for (const r of rows) expect(smtp.counts.get(r.messageId), r.messageId).toBe(1)
      // The message the server held unanswered at the kill was recorded, not sent again.
      expect(rows.filter((r) => r.response === '@mail.assumedSent').length).toBeGreaterThanOrEqual(1)
    } finally {
      await closeDb(db)
    }
  }, 240_000)
})
