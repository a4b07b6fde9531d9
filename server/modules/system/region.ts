import { asc, eq } from 'drizzle-orm'
import { region } from '../../../db/schema/index.ts'
import { regionFields } from '../../../db/fields/system.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import { first } from '../../lib/rows.ts'
import { platformWrites } from './platform-only.ts'

defineMessages({
  'region.codeFormat': { zh: '区划编号必须是 2 到 12 位数字', en: 'the region code must be 2 to 12 digits' },
  'region.parentMissing': { zh: '上级区划不存在', en: 'the parent region does not exist' },
})

const ROOT = '00'

/**
 * Regions are shared by all tenants and keyed by their official code: submit
 * inserts a new code or updates a known one, removal deletes a leaf (the table
 * keeps no deleted rows). Any signed-in user reads them (address pickers);
 * only the platform administrator writes. The spec's routes are the lazy
 * ones, so the whole-tree and paged lists are left out.
 */
export const regionResource = defineResource({
  table: region,
  path: '/api/blade-system/region',
  code: 'system:region',
  global: true,
  key: 'code',
  perms: { list: SIGNED_IN, detail: SIGNED_IN },
  search: ['name'],
  fields: regionFields,
  access: platformWrites,
  orderBy: (c) => [asc(c.sort), asc(c.code)],
  // The key: two submits of one new code at once insert it once; the other hears it exists.
  unique: ['code'],
  tree: {
    parent: 'parentCode',
    root: ROOT,
    ancestors: 'ancestors',
    title: 'name',
    node: ['regionLevel'],
    parentMissing: 'region.parentMissing',
  },
  skip: ['list', 'page', 'tree'],
  async beforeWrite(ctx, w) {
    if (w.op === 'remove') return
    const code = String(w.values.code ?? w.before[0]?.code)
    if (!/^\d{2,12}$/.test(code) || code === ROOT) throw badRequest('region.codeFormat', { field: 'code' }, 'code')
    if (w.values.regionLevel !== undefined && w.values.regionLevel !== null) return
    if (w.before[0] && w.before[0].parentCode === w.values.parentCode) return
    // A new or moved region sits one level below its parent unless the form says otherwise.
    const parent =
      w.values.parentCode === ROOT
        ? undefined
        : await first(
            ctx.db
              .select()
              .from(region)
              .where(eq(region.code, String(w.values.parentCode))),
          )
    w.values.regionLevel = parent ? Math.min(parent.regionLevel + 1, 5) : 1
  },
})
