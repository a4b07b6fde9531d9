import { notice } from '../../../db/schema/index.ts'
import { noticeFields } from '../../../db/fields/desk.ts'
import { defineResource } from '../../lib/resource.ts'

/**
 * Notices: the example of a whole area on the conventions (README, "How to
 * add an area") — a table, this declaration, a menu in the reference data and
 * a screen that is the fields plus layout. No hand-written routes.
 */
export const noticeResource = defineResource({
  table: notice,
  path: '/api/blade-desk/notice',
  code: 'desk:notice',
  search: ['title'],
  filters: ['category', 'status'],
  dates: ['releaseTime'],
  fields: noticeFields,
})
