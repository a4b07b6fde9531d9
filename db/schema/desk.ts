import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { commonColumns, scopedListIndex } from './common.ts'

/** Notices staff publish to their school (blade-desk/notice); category from the notice_category business dictionary. */
export const notice = sqliteTable(
  'blade_notice',
  {
    ...commonColumns(),
    title: text().notNull(),
    category: integer().notNull().default(1),
    releaseTime: text(),
    content: text(),
  },
  (t) => [scopedListIndex('notice', t)],
)
