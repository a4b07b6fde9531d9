/**
 * Declared actions beyond a resource's own path and button codes, on a real
 * table and a real SQLite file: a look-up the contract puts under another
 * service (`path` beginning with /api/), whole codes with no ':' (`also`),
 * public actions, and the body handed on as sent (`sent`).
 */
import { describe, expect, it } from 'vitest'
import { Elysia } from 'elysia'
import { Type } from '@sinclair/typebox'
import { param } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { errorHandler } from './error-handler.ts'
import { routesWithoutRequestSchema } from './openapi.ts'
import { PUBLIC } from './permissions.ts'
import { defineResource } from './resource.ts'
import { probeResource } from '../../tests/support/probe-resource.ts'

describe('actions at other paths, with whole codes', async () => {
  const t = await testApp()
  const probe = probeResource(
    defineResource({
      table: param,
      path: '/api/test-probe/param',
      code: 'system:param',
      actions: {
        lookup: {
          method: 'GET',
          path: '/api/test-elsewhere/search/param',
          button: 'system:param',
          also: ['desk'],
          body: { name: Type.Optional(Type.String()) },
          run: (_ctx, { body }) => ({ asked: body.name ?? null }),
        },
        open: { method: 'GET', button: PUBLIC, run: () => 'anyone' },
        echo: {
          button: 'edit',
          body: { id: Type.Optional(Type.String()) },
          run: (_ctx, { body, sent }) => ({ body, sent }),
        },
      },
    }),
  )
  const app = new Elysia().use(errorHandler(t.services)).use(probe.routes(t.services))
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await app.handle(
      new Request(`http://localhost${path}`, {
        method,
        headers: { ...(token ? { 'blade-auth': `bearer ${token}` } : {}), 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
    return { status: res.status, body: (await res.json()) as { data: unknown; msg: string } }
  }

  it('a path beginning with /api/ is mounted whole, described, and gated by its button and its whole codes', async () => {
    const paths = app.routes.map((r) => `${r.method} ${r.path}`)
    expect(paths).toContain('GET /api/test-elsewhere/search/param')
    expect(paths.filter((p) => p.includes('/api/test-probe/param/api/'))).toEqual([])
    // The declaration describes its query: no route of the probe lacks a request schema.
    expect(routesWithoutRequestSchema(app).filter((k) => k.includes('test-'))).toEqual([])

    const lookup = (token?: string) => call('GET', '/api/test-elsewhere/search/param?name=ab', token)
    expect((await lookup()).status).toBe(401)
    expect(await lookup(await t.token('admin'))).toMatchObject({ status: 200, body: { data: { asked: 'ab' } } })
    // The teacher holds the desk menu but not system:param: `also` admits it, as the route's own code would.
    expect((await lookup(await t.token('teacher'))).status).toBe(200)
    expect((await lookup(await t.token('student'))).status).toBe(403)
    const teacher = await t.token('teacher')
    expect((await call('POST', '/api/test-probe/param/echo', teacher, {})).status).toBe(403)
  })

  it('a public action answers without a token; `sent` is the body as sent, `body` only its declared fields', async () => {
    expect(await call('GET', '/api/test-probe/param/open')).toMatchObject({ status: 200, body: { data: 'anyone' } })
    const r = await call('POST', '/api/test-probe/param/echo', await t.token('admin'), { id: '7', paramName: 'x' })
    expect(r).toMatchObject({ status: 200, body: { data: { body: { id: '7' }, sent: { id: '7', paramName: 'x' } } } })
  })
})
