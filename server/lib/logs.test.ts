import { describe, expect } from 'vitest'
import { eq } from 'drizzle-orm'
import { logApi } from '../../db/schema/index.ts'
import { itPostgres } from '../../tests/support/engine.ts'
import { testApp } from '../../tests/support/harness.ts'
import type { Services } from './context.ts'
import { closeDb, openPgDb, type Db } from './db.ts'
import { recordApiCall } from './logs.ts'

describe('the API log', async () => {
  const t = await testApp()

  itPostgres('is flushed on its transaction’s own connection: a pool of one is enough', async () => {
    // An exam burst filled every pooled connection with such flushes, each waiting for a second connection for its
    // inserts (the pool's handle used inside the transaction): the appliance stopped answering.
    const db = openPgDb(t.services.config.databaseUrl!, { ATRIUM_DATABASE_POOL: '1' }) as unknown as Db
    try {
      const services = { ...t.services, db } as Services
      const path = `/api/pool-of-one/${Date.now()}`
      for (let i = 0; i < 3; i++)
        recordApiCall(services, undefined, new Request(`http://x${path}`, { method: 'POST' }), path, 200, 1, '::1')
      const deadline = Date.now() + 10_000
      let rows = 0
      while (rows < 3 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50))
        rows = (await db.select({ id: logApi.id }).from(logApi).where(eq(logApi.requestUri, path))).length
      }
      expect(rows).toBe(3)
    } finally {
      await closeDb(db)
    }
  })
})
