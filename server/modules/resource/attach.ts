import { Type } from '@sinclair/typebox'
import { attachFields } from '../../../db/fields/resource.ts'
import { attach } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { notFound } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource.ts'
import { filesOf, type AttachRow } from './files.ts'

/**
 * Attachments (blade-resource/attach): every stored file. Files are created by
 * uploads only, so there is no submit; remove soft-deletes the rows and then
 * deletes their bytes.
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
  actions: {
    // The contract's remove, which also deletes the stored files once their rows are gone.
    remove: {
      button: 'delete',
      target: { many: 'ids' },
      verb: 'remove',
      message: 'ok.deleted',
      run: async (ctx, { ids, rows, services }): Promise<null> => {
        // Checked first: rows removed without their bytes would leave files no row names.
        if (!services) throw new Error("attach remove: the stored files are reached through the app's services")
        await attachResource.ops.remove(ctx, ids)
        await filesOf(services).purge(rows as AttachRow[])
        return null
      },
    },
    // A signed, expiring link to a stored file the caller may list (the back office previews private files with it).
    sign: {
      method: 'GET',
      button: 'resource:attach',
      body: { link: Type.Optional(Type.String({ description: 'stored link of the file' })) },
      run: async (ctx, { query, services }): Promise<{ link: string }> => {
        if (!services) throw new Error("attach sign: links are signed with the app's services")
        const files = filesOf(services)
        const row = await files.find(String(query.link ?? ''))
        if (!row) throw notFound()
        await attachResource.ops.detail(ctx, row.id)
        return { link: files.sign(row.link) }
      },
    },
  },
})

export const attachRoutes = (s: Services) => attachResource.routes(s)
