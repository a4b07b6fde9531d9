/**
 * Values that name stored files: covers, banners, avatars, courseware,
 * videos, downloads, documents, firmware. A field names files when its
 * description (db/fields) carries an `upload` rule; the resource factory
 * checks those fields on every submit, and hand-written writes of such
 * columns call `assertFileRefs` themselves. Either way a link is accepted
 * only when it is a live file of the writer's own tenant that the writer may
 * read, so nobody can point a public page (which signs links for its
 * readers) at another school's or another user's private upload.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { FieldDef, Fields } from '../../db/fields/types.ts'
import { attach } from '../../db/schema/index.ts'
import type { Ctx } from './context.ts'
import type { Db } from './db.ts'
import { badRequest } from './errors.ts'
import { defineMessages } from './messages.ts'
import { isAdministrator, permissionCodes } from './permissions.ts'
import { publicRows, tenantRows } from './tenant-rows.ts'

export type StoredFile = typeof attach.$inferSelect

const WRITER = "only the writer's own school's files; whether the writer may read each is checked per row"

defineMessages({
  'file.notYours': {
    zh: '所选文件不存在，或不是本校你有权使用的文件',
    en: 'the chosen file does not exist or is not a file of your school you may use',
  },
  'file.tooMany': { zh: '最多上传 {max} 个文件', en: 'at most {max} files' },
  'file.tooManyImages': { zh: '最多上传 {max} 张图片', en: 'at most {max} images' },
  'file.kind': {
    zh: '所选文件的类型不适合此处',
    en: 'the chosen file is not of a kind this field takes',
  },
})

/** The storage key behind a link (/upload/<key>, any query dropped). */
export const keyOfLink = (link: string) => link.replace(/^\/upload\//, '').replace(/[?#].*$/, '')

/** The links of a comma-joined value. */
export const linksOf = (v: unknown): string[] =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : []

/**
 * Whether the caller may read a stored file with their own token: public files
 * of their tenant to anyone of it; private ones to the uploader, an
 * administrator, or staff who manage attachments. `acrossTenants` lets the
 * platform administrator read any school's file (serving); writes never do.
 */
export async function mayReadFile(ctx: Ctx, row: StoredFile, acrossTenants = false): Promise<boolean> {
  if (ctx.actor.kind === 'anonymous') return false
  if (ctx.actor.tenantId !== row.tenantId && !(acrossTenants && (await isAdministrator(ctx)))) return false
  if (row.isPublic || ctx.actor.kind === 'system') return true
  if (row.createUser === ctx.actor.userId || (await isAdministrator(ctx))) return true
  return (await permissionCodes(ctx)).has('resource:attach')
}

/**
 * Checks every link of a value names a live file of the writer's tenant that
 * the writer may read (and, when given, of one of `kinds`); answers their rows
 * in order. Links already held (`kept`, the row's stored value) pass
 * unchecked, so an edit that leaves an older value alone still saves.
 */
export async function assertFileRefs(
  ctx: Ctx,
  field: string,
  value: unknown,
  o: { kinds?: string[]; kept?: unknown } = {},
): Promise<StoredFile[]> {
  const kept = new Set(linksOf(o.kept))
  const links = linksOf(value).filter((l) => !kept.has(l))
  if (value !== null && value !== undefined && typeof value !== 'string')
    throw badRequest('file.notYours', { field }, field)
  if (!links.length) return []
  const keys = links.map((l) => (l.startsWith('/upload/') ? keyOfLink(l) : ''))
  const rows = await ctx.db
    .select()
    .from(attach)
    .where(
      and(
        inArray(
          attach.name,
          keys.filter((k) => k),
        ),
        tenantRows(attach, ctx.actor.tenantId, { why: WRITER }),
      ),
    )
  const out: StoredFile[] = []
  for (const k of keys) {
    const row = rows.find((r) => r.name === k)
    if (!k || !row || !(await mayReadFile(ctx, row))) throw badRequest('file.notYours', { field }, field)
    if (o.kinds && !o.kinds.includes(row.kind)) throw badRequest('file.kind', { field }, field)
    out.push(row)
  }
  return out
}

/** Public picture kinds stand in for one another (a banner picture may serve as a cover); other kinds must match. */
const IMAGE_KINDS = ['image', 'banner', 'avatar']
const kindsOf = (f: FieldDef) => {
  const kind = f.upload?.kind ?? 'image'
  return IMAGE_KINDS.includes(kind) ? IMAGE_KINDS : [kind]
}

/** The fields of a description that name stored files, with the file kinds and how many each takes. */
export const fileFields = (fields: Fields | undefined) =>
  Object.entries(fields ?? {})
    .filter(([, f]) => f.upload)
    .map(([name, f]) => ({ name, kinds: kindsOf(f), max: f.upload!.max, images: f.type === 'image' }))

export type FileField = ReturnType<typeof fileFields>[number]

/** The factory's step: each file field a write sets is checked against what the row held before. */
export async function assertFileFields(
  ctx: Ctx,
  declared: FileField[],
  values: Record<string, unknown>,
  before: Record<string, unknown> | undefined,
): Promise<void> {
  for (const f of declared) {
    if (!(f.name in values)) continue
    const count = linksOf(values[f.name]).length
    if (count > f.max)
      throw badRequest(f.images ? 'file.tooManyImages' : 'file.tooMany', { max: f.max, field: f.name }, f.name)
    await assertFileRefs(ctx, f.name, values[f.name], { kinds: f.kinds, kept: before?.[f.name] })
  }
}

/**
 * The stored file a row's link names, only when it belongs to the row's own
 * tenant: what a public page may sign for its reader. A link written before
 * the checks above (or by hand into the database) to another school's file
 * answers null.
 */
export async function fileOfTenant(db: Db, tenantId: string, link: unknown): Promise<StoredFile | null> {
  if (typeof link !== 'string' || !link.startsWith('/upload/')) return null
  const [row] = await db
    .select()
    .from(attach)
    .where(
      and(
        eq(attach.name, keyOfLink(link)),
        publicRows(attach, tenantId, { why: 'a page signs only files of the school whose row names them' }),
      ),
    )
    .limit(1)
  return row ?? null
}

/** Of the links, those naming live files of the tenant: the batch form of `fileOfTenant`. */
export async function linksOfTenant(db: Db, tenantId: string, links: unknown[]): Promise<Set<string>> {
  const wanted = links.filter((l): l is string => typeof l === 'string' && l.startsWith('/upload/'))
  if (!wanted.length) return new Set()
  const rows = await db
    .select({ name: attach.name })
    .from(attach)
    .where(
      and(
        inArray(attach.name, wanted.map(keyOfLink)),
        publicRows(attach, tenantId, { why: 'a page signs only files of the school whose rows name them' }),
      ),
    )
  const names = new Set(rows.map((r) => r.name))
  return new Set(wanted.filter((l) => names.has(keyOfLink(l))))
}
