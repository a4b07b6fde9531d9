import { integer, table, text } from './dialect.ts'
import { commonColumns, scopedListIndex } from './common.ts'

/** Notices staff publish to their school (blade-desk/notice); category from the notice_category business dictionary. */
export const notice = table(
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
