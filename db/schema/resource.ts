import { index, integer, table, text } from './dialect.ts'
import { commonColumns, scopedListIndex } from './common.ts'

/**
 * Object-storage configurations (blade-resource/oss). At most one per tenant is
 * enabled; with none enabled, uploads go to the local disk under the data directory.
 */
export const oss = table(
  'blade_oss',
  {
    ...commonColumns(),
    ossCode: text().notNull(),
    /** Dictionary oss_category: 1 local disk, 2 S3-compatible. */
    category: integer().notNull().default(2),
    endpoint: text(),
    bucketName: text(),
    accessKey: text(),
    /** Never answered to a client; an edit that leaves it blank keeps the stored one. */
    secretKey: text(),
    region: text(),
    isEnabled: integer().notNull().default(0),
  },
  (t) => [scopedListIndex('oss', t)],
)

/** Every stored file: which tenant owns it, where it lives and who may read it. */
export const attach = table(
  'blade_attach',
  {
    ...commonColumns(),
    /** Path the file is served at (/upload/<name>). */
    link: text().notNull(),
    domain: text(),
    /** Storage key: <public|private>/yyyy/MM/dd/<random>.<ext>; unguessable. */
    name: text().notNull(),
    originalName: text(),
    extension: text(),
    attachSize: integer().notNull().default(0),
    contentType: text(),
    /** The upload kind (image, avatar, courseware, download, firmware, document...), which set its limits. */
    kind: text().notNull().default('image'),
    /** 1 public (covers, banners, avatars), 0 private (token or signed link). */
    isPublic: integer().notNull().default(1),
    /** The OSS configuration it was written to; null = local disk. */
    ossId: text(),
  },
  (t) => [
    index('ix_attach_name').on(t.name),
    scopedListIndex('attach', t),
    // Upload quotas and rates read a user's and a school's totals from here alone (covering; resource/quota.ts).
    index('ix_attach_uploader').on(t.tenantId, t.createUser, t.createTime, t.isDeleted, t.attachSize),
  ],
)
