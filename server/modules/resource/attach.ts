import { Elysia } from 'elysia'
import { attachFields } from '../../../db/fields/resource.ts'
import { attach } from '../../../db/schema/index.ts'
import { authContext } from '../../lib/auth-context.ts'
import type { Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { notFound } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource.ts'
import { filesOf, type AttachRow } from './files.ts'
import { body as bodyOf, idList, query as queryOf, text } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'

/**
 * Attachments (blade-resource/attach): every stored file. Files are created by
 * uploads only, so there is no submit; remove soft-deletes the row and then
 * deletes the bytes.
 */
export const attachResource = defineResource({
  table: attach,
  path: '/api/blade-resource/attach',
  code: 'resource:attach',
  search: ['originalName', 'name'],
  filters: ['kind', 'extension', 'isPublic'],
  dates: ['createTime'],
  fields: attachFields,
  skip: ['submit', 'remove'],
})

export const attachRoutes = (s: Services) =>
  handWritten(
    'removing attachments also deletes their stored files, and a signed link is minted, not read from a row',
    attachRoutesPlugin(s),
  )

const attachRoutesPlugin = (s: Services) => {
  const files = filesOf(s)
  return new Elysia().use(attachResource.routes(s)).use(
    new Elysia({ prefix: '/api/blade-resource/attach' })
      .use(authContext(s))
      .post(
        '/remove',
        async ({ ctx, query, body }) => {
          const ids = query.ids ?? body?.ids
          const rows = (await attachResource.ops.all(ctx, {})).filter((r) =>
            String(ids ?? '')
              .split(',')
              .includes(r.id as string),
          )
          await attachResource.ops.remove(ctx, ids)
          await files.purge(rows as AttachRow[])
          return ok(ctx, null, 'ok.deleted')
        },
        {
          perm: 'resource:attach:delete',
          query: queryOf({ ids: text('comma-separated attachments') }),
          body: bodyOf({ ids: idList() }),
        },
      )
      // A signed, expiring link to a stored file the caller may list (the back office previews private files with it).
      .get(
        '/sign',
        async ({ ctx, query }) => {
          const row = await files.find(String(query.link ?? ''))
          if (!row) throw notFound()
          await attachResource.ops.detail(ctx, row.id)
          return ok(ctx, { link: files.sign(row.link) })
        },
        { perm: 'resource:attach', query: queryOf({ link: text('stored link of the file') }) },
      ),
  )
}
