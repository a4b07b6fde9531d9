import { downloadFields, leadFields } from '../../../db/fields/content.ts'
import { and, desc, inArray } from 'drizzle-orm'
import { download, downloadMessage } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { checkContact as checkContactRules } from '../../lib/contact-rules.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource.ts'
import { checkImages } from '../course/course.ts'
import { assertOwnFile } from '../course/ware.ts'
import './messages.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import type { Row } from '../../lib/resource-types.ts'

/** A lead's contact (spec §5): phone required and exactly 11 digits, e-mail name@domain — the shared rules, after trimming the phone. */
export function checkContact(v: Record<string, unknown>) {
  if (typeof v.phone === 'string') v.phone = v.phone.trim()
  checkContactRules(v, { phoneRequired: true })
}

/** Downloadable files: private files released through the lead form; size in MB from the stored file. */
export const downloadResource = defineResource({
  table: download,
  path: '/api/hm-download/download',
  code: 'content:download',
  search: ['title'],
  filters: ['tag', 'status', 'createUser'],
  fields: downloadFields,
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    checkImages(w.values.cover, 1)
    delete w.values.count
    if (w.values.fileAddress !== undefined) {
      const file = await assertOwnFile(ctx, w.values.fileAddress, 'fileAddress', ['download'])
      if (!file) throw badRequest('download.file', { field: 'fileAddress' }, 'fileAddress')
      w.values.fileSize = Math.round((file.attachSize / 1024 / 1024) * 100) / 100
    } else delete w.values.fileSize
  },
})

/** Leads left before a download (name, phone, …); staff read and remove them. */
export const leadResource = defineResource({
  table: downloadMessage,
  path: '/api/blade-downloadMessage/downloadMessage',
  code: 'content:lead',
  search: ['name', 'phone', 'unit'],
  filters: ['downloadFileId', 'category'],
  // Leads are written by visitors through the portal's form; staff read and remove them.
  skip: ['submit'],
  dates: ['createTime'],
  fields: leadFields,
  orderBy: (c) => [desc(c.id)],
  // The lead list's page names the file each lead asked for (the plain /list stays the rows).
  read: { on: ['page'], rows: withFileTitles },
  beforeWrite: (_ctx, w) => {
    if (w.op !== 'remove') checkContact({ ...w.before[0], ...w.values })
  },
})

/** Leads with the title of the download each asked for, one look-up for the page. */
async function withFileTitles(ctx: Ctx, rows: Row[]) {
  const ids = [...new Set(rows.map((r) => r.downloadFileId).filter((x): x is string => typeof x === 'string' && !!x))]
  const files = ids.length
    ? await ctx.db
        .select({ id: download.id, title: download.title })
        .from(download)
        .where(
          and(
            inArray(download.id, ids),
            tenantRows(download, ctx.actor.tenantId, {
              why: "a lead names the file it asked for, even one removed or out of the caller's scope since",
              withDeleted: true,
            }),
          ),
        )
    : []
  return rows.map((r) => ({ ...r, fileTitle: files.find((f) => f.id === r.downloadFileId)?.title ?? '' }))
}
