import { index, integer, real, table, text } from './dialect.ts'
import { commonColumns, scopedListIndex } from './common.ts'

export const banner = table(
  'wp_banner',
  {
    ...commonColumns(),
    cover: text().notNull(),
    title: text().notNull(),
    subtitle: text(),
    /** Dictionary carousel_position. */
    position: integer().notNull().default(1),
    href: text(),
    /** Dictionary page_opening_method. */
    target: integer().notNull().default(1),
    sort: integer().notNull().default(0),
  },
  (t) => [scopedListIndex('banner', t)],
)

/** News (blog): status from blog_status (0 draft, 1 published, 2 withdrawn). */
export const blog = table(
  'blade_blog',
  {
    ...commonColumns(),
    title: text().notNull(),
    category: integer().notNull(),
    releaseTime: text().notNull(),
    cover: text(),
    summary: text(),
  },
  (t) => [scopedListIndex('blog', t)],
)

/** The rich-text body of a news item, sanitised on the server. */
export const blogDetail = table(
  'blade_blog_detail',
  {
    ...commonColumns(),
    blogId: text().notNull(),
    content: text(),
  },
  (t) => [index('ix_blog_detail_blog').on(t.blogId), scopedListIndex('blog_detail', t)],
)

export const download = table(
  'hm_download',
  {
    ...commonColumns(),
    cover: text(),
    title: text().notNull(),
    fileAddress: text().notNull(),
    intro: text(),
    /** MB, shown with 2 decimals. */
    fileSize: real().notNull().default(0),
    count: integer().notNull().default(0),
    /** Dictionary file_tag. */
    tag: integer(),
  },
  (t) => [scopedListIndex('download', t)],
)

/** Leads: who asked for a download (downloadMessage/save, before the file is released). */
export const downloadMessage = table(
  'blade_download_message',
  {
    ...commonColumns(),
    name: text().notNull(),
    phone: text().notNull(),
    email: text(),
    unit: text(),
    qq: text(),
    wechat: text(),
    birthday: text(),
    category: text(),
    downloadFileId: text(),
  },
  (t) => [scopedListIndex('download_message', t)],
)

export const cloudFolder = table(
  'cloud_folder',
  {
    ...commonColumns(),
    parentId: text().notNull().default('0'),
    name: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('ix_cloud_folder_parent').on(t.parentId), scopedListIndex('cloud_folder', t)],
)

export const cloudDocument = table(
  'cloud_document',
  {
    ...commonColumns(),
    folderId: text().notNull(),
    title: text().notNull(),
    fileAddress: text(),
    /** pdf or md, from the stored file. */
    fileType: text(),
    fileSize: integer().notNull().default(0),
    intro: text(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('ix_cloud_document_folder').on(t.folderId), scopedListIndex('cloud_document', t)],
)
