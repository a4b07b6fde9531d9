/**
 * A view whose order reads the clock (resource-views.ts `orderAt`): built per request with the server's time, so
 * rows move from "coming" to "past" as time passes without any write, on a real table and a real SQLite file.
 */
import { describe, expect, it } from 'vitest'
import { Elysia } from 'elysia'
import { asc, eq, sql } from 'drizzle-orm'
import { banner } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { errorHandler } from './error-handler.ts'
import { newId } from './ids.ts'
import { viewsOf } from './resource-views.ts'
import { formatDateTime } from './time.ts'

describe('a view ordered by the clock', async () => {
  const t = await testApp()
  const asked: string[] = []
  const views = viewsOf({ options: { table: banner } }, [
    {
      path: '/api/test-order/banner',
      why: 'what the test school shows everyone',
      fields: ['id', 'title', 'remark'],
      routes: ['list'],
      where: () => eq(banner.position, 9),
      // Upcoming first (remark holds a time), then the past ones; within each, by title.
      orderAt: (c, at) => {
        asked.push(at)
        return [sql`CASE WHEN ${c.remark} > ${at} THEN 0 ELSE 1 END`, asc(c.title)]
      },
    },
  ])
  const app = new Elysia().use(errorHandler(t.services)).use(views(t.services))
  const put = async (title: string, at: Date) =>
    await t.services.db
      .insert(banner)
      .values({ id: newId(), title, cover: '/x.png', position: 9, remark: formatDateTime(at) })

  it('orders each request against the server time of that request', async () => {
    const soon = Date.now() + 1500
    await put('b past', new Date(Date.now() - 60_000))
    await put('a soon', new Date(soon))
    await put('c later', new Date(Date.now() + 60_000))
    const titles = async () => {
      const res = await app.handle(new Request('http://localhost/api/test-order/banner/list?size=10'))
      const body = (await res.json()) as { data: { records: { title: string }[] } }
      return body.data.records.map((r) => r.title)
    }
    expect(await titles()).toEqual(['a soon', 'c later', 'b past'])
    await new Promise((r) => setTimeout(r, Math.max(0, soon - Date.now()) + 1100))
    // No row changed; the clock did: 'a soon' is past now.
    expect(await titles()).toEqual(['c later', 'a soon', 'b past'])
    expect(new Set(asked).size).toBe(2)
  })
})
