/**
 * An action may answer a file (a download) instead of the envelope's data: its run returns a `Response`, which
 * goes out as it is, behind the same code, body check and scope as any action. Real table, real SQLite file.
 */
import { describe, expect, it } from 'vitest'
import { Elysia } from 'elysia'
import { Type } from '@sinclair/typebox'
import { param } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { errorHandler } from './error-handler.ts'
import { defineResource } from './resource.ts'
import { probeResource } from '../../tests/support/probe-resource.ts'

describe('an action that answers a file', async () => {
  const t = await testApp()
  const probe = probeResource(
    defineResource({
      table: param,
      path: '/api/test-files/param',
      code: 'system:param',
      actions: {
        download: {
          method: 'GET',
          button: 'system:param',
          target: { one: 'id' },
          verb: 'detail',
          body: { name: Type.Optional(Type.String({ maxLength: 20 })) },
          run: (_ctx, { rows: [row], body }) =>
            new Response(`${row.paramKey}=${row.paramValue}`, {
              headers: {
                'content-type': 'text/plain; charset=utf-8',
                'content-disposition': `attachment; filename="${String(body.name ?? 'param')}.txt"`,
              },
            }),
        },
        plain: { method: 'GET', button: 'system:param', run: () => ({ n: 1 }) },
      },
    }),
  )
  const app = new Elysia().use(errorHandler(t.services)).use(probe.routes(t.services))
  const get = (path: string, token: string) =>
    app.handle(new Request(`http://localhost${path}`, { headers: { 'blade-auth': `bearer ${token}` } }))

  it('sends the file as it is; bad input, other codes and missing rows answer as for any action', async () => {
    const admin = await t.token('admin')
    const page = await t.get('/api/blade-system/param/list', admin)
    const row = page.body.data.records[0] as { id: string; paramKey: string; paramValue: string }
    const file = await get(`/api/test-files/param/download?id=${row.id}&name=settings`, admin)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="settings.txt"')
    expect(await file.text()).toBe(`${row.paramKey}=${row.paramValue}`)
    // Anything else an action answers is still the envelope's data.
    expect(await (await get('/api/test-files/param/plain', admin)).json()).toMatchObject({ code: 200, data: { n: 1 } })

    const tooLong = await get(`/api/test-files/param/download?id=${row.id}&name=${'x'.repeat(21)}`, admin)
    expect(tooLong.status).toBe(400)
    expect(((await tooLong.json()) as { field: string }).field).toBe('name')
    expect((await get('/api/test-files/param/download?id=1', admin)).status).toBe(404)
    expect((await get(`/api/test-files/param/download?id=${row.id}`, await t.token('student'))).status).toBe(403)
  })
})
