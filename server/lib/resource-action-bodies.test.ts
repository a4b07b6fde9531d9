/**
 * An action's body fields answer a refused value with the field schema's own message key (`error`), the
 * way hand-written routes' schemas do (request-schema.ts, error-handler.ts), so a verb moved onto a
 * declaration keeps the message its handler gave. Real table, real SQLite file, through HTTP.
 */
import { describe, expect, it } from 'vitest'
import { Elysia } from 'elysia'
import { Type } from '@sinclair/typebox'
import { param } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { errorHandler } from './error-handler.ts'
import { defineResource } from './resource.ts'
import { probeResource } from '../../tests/support/probe-resource.ts'

describe('action bodies: the message a refused field answers', async () => {
  const t = await testApp()
  const probe = probeResource(
    defineResource({
      table: param,
      path: '/api/test-bodies/param',
      code: 'system:param',
      skip: ['list', 'page', 'detail', 'submit', 'remove'],
      actions: {
        check: {
          button: 'edit',
          body: {
            // An id as text or a number, refused with the id message when it is neither.
            ref: Type.Optional(Type.Union([Type.String(), Type.Number()], { error: 'validation.id' })),
            count: Type.Optional(Type.Integer({ minimum: 1 })),
            name: Type.String(),
          },
          messages: { name: 'validation.required' },
          run: (_ctx, { body }) => body,
        },
      },
    }),
  )
  const app = new Elysia().use(errorHandler(t.services)).use(probe.routes(t.services))
  const post = async (body: unknown, lang = 'en') => {
    const res = await app.handle(
      new Request('http://localhost/api/test-bodies/param/check', {
        method: 'POST',
        headers: {
          'blade-auth': `bearer ${await t.token('admin')}`,
          'content-type': 'application/json',
          'accept-language': lang,
        },
        body: JSON.stringify(body),
      }),
    )
    return { status: res.status, body: (await res.json()) as { data: unknown; msg: string; field?: string } }
  }

  it('answers the field schema’s error key for a refused value, validation.invalid without one, and the required message when missing', async () => {
    expect(await post({ ref: 7, name: 'a' })).toMatchObject({ status: 200, body: { data: { ref: 7, name: 'a' } } })
    const badRef = await post({ ref: [1], name: 'a' })
    expect(badRef).toMatchObject({ status: 400, body: { field: 'ref', msg: 'ref must be an id' } })
    expect((await post({ ref: { a: 1 }, name: 'a' }, 'zh')).body.msg).toBe('参数 ref 必须是编号')
    expect(await post({ count: 0, name: 'a' })).toMatchObject({
      status: 400,
      body: { field: 'count', msg: 'field count has an invalid value' },
    })
    expect(await post({ ref: '1' })).toMatchObject({ status: 400, body: { field: 'name', msg: 'please enter name' } })
  })
})
