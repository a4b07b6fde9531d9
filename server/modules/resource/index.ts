import { Elysia } from 'elysia'
import { authContext } from '../../lib/auth-context.ts'
import type { Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { attachRoutes } from './attach.ts'
import { filesOf } from './files.ts'
import { ossRoutes } from './oss.ts'
import { serveRoutes } from './serve.ts'
import { query as queryOf, text } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'

/** blade-resource: put-file (streamed, checked by content), OSS configurations, attachments, and serving stored files. */
export const resourceModule = (services: Services) =>
  handWritten(
    'uploads stream a multipart body into storage, checked by content: a stream, not a row to declare',
    resourceModulePlugin(services),
  )

const resourceModulePlugin = (services: Services) => {
  const files = filesOf(services)
  return (
    new Elysia({ name: 'resource-module', seed: services.id })
      .use(authContext(services))
      // parse: 'none' keeps the multipart body a stream; receiveFile reads it chunk by chunk.
      .post(
        '/api/blade-resource/oss/endpoint/put-file',
        async ({ ctx, request, query }) => {
          const row = await files.upload(ctx, request, String(query.kind ?? 'image'))
          // Private files answer a signed link too, so the uploader's form can preview what it just sent.
          const preview = row.isPublic ? row.link : files.sign(row.link)
          return ok(ctx, {
            link: row.link,
            preview,
            domain: row.domain,
            name: row.name,
            originalName: row.originalName,
            attachId: row.id,
            size: row.attachSize,
            ext: row.extension,
          })
        },
        // The file's fields stay undeclared: a body schema would make Elysia parse the whole multipart body.
        { perm: SIGNED_IN, parse: 'none', query: queryOf({ kind: text('upload kind (image by default)') }) },
      )
      .use(ossRoutes(services))
      .use(attachRoutes(services))
      .use(serveRoutes(services))
  )
}
