import { and, eq } from 'drizzle-orm'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { fileTypeFromFile } from 'file-type'
import { attach, oss } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import { withTransaction } from '../../lib/transaction.ts'
import type { StorageAdapter } from './storage/adapter.ts'
import { localAdapter } from './storage/local.ts'
import { s3Adapter } from './storage/s3.ts'
import { CONTENT_TYPES, KINDS, NAME_EXTS, type UploadKind } from './kinds.ts'
import { receiveFile } from './receive.ts'
import { checkRoom, checkRoomLocked, uploadLimits, type UploadLimits } from './quota.ts'
import { notDeleted, tenantRows } from '../../lib/tenant-rows.ts'
import { outboundFetch } from '../../lib/outbound.ts'

export type AttachRow = typeof attach.$inferSelect
type OssRow = typeof oss.$inferSelect

const TEXT_TYPES = ['md', 'txt', 'csv', 'json']
const OFFICE_CFB = ['doc', 'xls', 'ppt']

/** What the bytes are, judged by their content (magic bytes); the name only has to agree. */
async function sniff(tmp: string, name: string, kind: UploadKind): Promise<string> {
  const nameExt = name.includes('.') ? name.split('.').pop()!.toLowerCase() : ''
  const found = await fileTypeFromFile(tmp)
  let ext: string | undefined = found?.ext
  if (ext === 'cfb') ext = OFFICE_CFB.includes(nameExt) ? nameExt : undefined
  if (!found) {
    const head = new Uint8Array(
      await Bun.file(tmp)
        .slice(0, 64 * 1024)
        .arrayBuffer(),
    )
    const isText =
      !head.includes(0) &&
      (() => {
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true })
          return true
        } catch {
          return false
        }
      })()
    const textExt = TEXT_TYPES.find((t) => (NAME_EXTS[t] ?? [t]).includes(nameExt))
    if (isText && textExt) ext = textExt
    else if (nameExt === 'bin') ext = 'bin'
  }
  if (!ext || !kind.types.includes(ext))
    throw badRequest(kind.typeRule ?? 'upload.type', { allowed: kind.types.join('/') }, 'files')
  if (nameExt && !(NAME_EXTS[ext] ?? [ext]).includes(nameExt) && !(ext === 'bin'))
    throw badRequest('upload.nameMismatch', { ext: nameExt }, 'files')
  return ext
}

const day = () => {
  const d = new Date()
  return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`
}

/** Unguessable storage key: 128 random bits, so a public link cannot be found by counting. */
export const newKey = (isPublic: boolean, ext: string) =>
  `${isPublic ? 'public' : 'private'}/${day()}/${randomBytes(16).toString('base64url')}.${ext}`

/**
 * The storage service: receives uploads into the tenant's storage (the enabled
 * OSS configuration, else the local disk), records each file in blade_attach,
 * finds the adapter a stored file lives in, and signs expiring links to
 * private files.
 */
export function fileService(services: Services) {
  const local = localAdapter(services.config.dataDir)
  const tmpDir = join(services.config.dataDir, 'tmp')
  const signKey = createHmac('sha256', services.jwtSecret).update('atrium-file-links').digest()
  const adapters = new Map<string, { stamp: string; adapter: StorageAdapter }>()

  const fromConfig = (c: OssRow): StorageAdapter => {
    if (c.category === 1) return local
    const stamp = c.updateTime ?? ''
    const hit = adapters.get(c.id)
    if (hit && hit.stamp === stamp) return hit.adapter
    // Each request is checked against the outbound policy as the configuration's school, right before it is sent.
    const adapter = s3Adapter(
      {
        id: c.id,
        endpoint: c.endpoint ?? '',
        bucket: c.bucketName ?? '',
        accessKey: c.accessKey ?? '',
        secretKey: c.secretKey ?? '',
        region: c.region,
      },
      (url, init) => outboundFetch(services.db, c.tenantId, url, { ...init, field: 'endpoint' }),
    )
    adapters.set(c.id, { stamp, adapter })
    return adapter
  }

  /** Where new files of a tenant go. */
  async function writeTarget(tenantId: string): Promise<StorageAdapter> {
    const [c] = await services.db
      .select()
      .from(oss)
      .where(and(tenantRows(oss, tenantId, { why: 'where any upload of the school is stored' }), eq(oss.isEnabled, 1)))

      .limit(1)
    return c ? fromConfig(c) : local
  }

  /** Where a stored file lives: the configuration it was written to, even if another is enabled now. */
  async function adapterOf(row: Pick<AttachRow, 'ossId'>): Promise<StorageAdapter> {
    if (!row.ossId) return local
    const [c] = await services.db.select().from(oss).where(eq(oss.id, row.ossId)).limit(1)
    if (!c) throw new Error(`storage configuration ${row.ossId} is gone`)
    return fromConfig(c)
  }

  /** Records bytes already in a local temp file as a stored file of the tenant (uploads and generated files such as transcodes). */
  async function storeTemp(
    ctx: Ctx,
    tmpPath: string,
    o: {
      ext: string
      size: number
      originalName: string
      kind: string
      isPublic: boolean
      target?: StorageAdapter
      /** Held to these quotas and rates in the transaction that records it (uploads; generated files are not). */
      quota?: { limits: UploadLimits; schoolLeft: number }
    },
  ): Promise<AttachRow> {
    const target = o.target ?? (await writeTarget(ctx.actor.tenantId))
    const key = newKey(o.isPublic, o.ext)
    const contentType = CONTENT_TYPES[o.ext] ?? 'application/octet-stream'
    await target.putFile(tmpPath, key, contentType)
    const stamp = now()
    const row: AttachRow = {
      id: newId(),
      tenantId: ctx.actor.tenantId,
      status: 1,
      isDeleted: 0,
      remark: null,
      createUser: ctx.actor.userId,
      createDept: ctx.actor.deptIds[0] ?? null,
      createTime: stamp,
      updateUser: ctx.actor.userId,
      updateTime: stamp,
      link: `/upload/${key}`,
      domain: null,
      name: key,
      originalName: o.originalName.slice(0, 255),
      extension: o.ext,
      attachSize: o.size,
      contentType,
      kind: o.kind,
      isPublic: o.isPublic ? 1 : 0,
      ossId: target.id === 'local' ? null : target.id,
    }
    try {
      // The quota is read and the row written in one transaction, holding the uploader's row (and the school's) on
      // PostgreSQL, the write lock taken at BEGIN on SQLite, so two uploads cannot share the last bytes. The file
      // is stored before it and removed if it fails.
      await withTransaction(services.db, async (tx) => {
        if (o.quota) await checkRoomLocked(tx, ctx, o.quota.limits, o.size, o.quota.schoolLeft)
        await tx.insert(attach).values(row)
      })
    } catch (e) {
      await target.remove(key).catch(() => {})
      throw e
    }
    return row
  }

  return {
    local,
    tmpDir,
    writeTarget,
    adapterOf,
    storeTemp,

    /** put-file: stream, check size and content, store, record. */
    async upload(ctx: Ctx, request: Request, kindName: string): Promise<AttachRow> {
      const kind = KINDS[kindName]
      if (!kind) throw badRequest('upload.kind', { kind: kindName }, 'kind')
      // Over quota or rate already: refused before a byte of the body is read.
      const limits = await uploadLimits(services.db, ctx.actor.tenantId)
      const room = await checkRoom(services.db, ctx, limits, 0)
      const tooLarge = () => new ApiError(413, kind.sizeRule ?? 'upload.tooLarge', { max: kind.maxText }, true, 'files')
      const got = await receiveFile(request, tmpDir, Math.min(kind.maxBytes, room.left), {
        missing: kind.missing,
        tooLarge: room.left < kind.maxBytes ? room.full : tooLarge,
      })
      try {
        const ext = await sniff(got.tmpPath, got.originalName, kind)
        return await storeTemp(ctx, got.tmpPath, {
          ext,
          size: got.size,
          originalName: got.originalName,
          kind: kindName,
          isPublic: kind.isPublic,
          quota: { limits, schoolLeft: room.schoolLeft },
        })
      } catch (e) {
        await unlink(got.tmpPath).catch(() => {})
        throw e
      }
    },

    /** The stored file behind a link (/upload/<key>, with or without a query), or null. */
    async find(linkOrKey: string): Promise<AttachRow | null> {
      const key = linkOrKey.replace(/^\/upload\//, '').replace(/\?.*$/, '')
      const [row] = await services.db
        .select()
        .from(attach)
        .where(and(eq(attach.name, key), notDeleted(attach)))
        .limit(1)
      return row ?? null
    },

    /** A link to a private file that works without a token until it expires (for <video>, <a download>, pdf.js). */
    sign(link: string, ttlSeconds = 6 * 3600): string {
      const key = link.replace(/^\/upload\//, '').replace(/\?.*$/, '')
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds
      const sig = createHmac('sha256', signKey).update(`${key}\n${expires}`).digest('base64url')
      return `/upload/${key}?expires=${expires}&sign=${sig}`
    },

    verify(key: string, expires: string | undefined, sign: string | undefined): boolean {
      if (!expires || !sign || !/^\d{1,12}$/.test(expires) || Number(expires) < Date.now() / 1000) return false
      const want = createHmac('sha256', signKey).update(`${key}\n${expires}`).digest()
      const got = Buffer.from(sign, 'base64url')
      return got.length === want.length && timingSafeEqual(got, want)
    },

    /** Deletes the bytes of removed attachments (the rows are already soft-deleted). */
    async purge(rows: AttachRow[]) {
      for (const r of rows) await (await adapterOf(r)).remove(r.name).catch(() => {})
    },
  }
}

export type FileService = ReturnType<typeof fileService>

const services = new WeakMap<Services, FileService>()
/** One file service per app (keyed by its services), so every module shares the adapters' cache. */
export const filesOf = (s: Services): FileService => {
  let f = services.get(s)
  if (!f) {
    services.set(s, (f = fileService(s)))
    byDatabase.set(s.db, f)
  }
  return f
}

/**
 * The file store of the app on a database, for code handed only a database (a job): known once the app made it
 * (filesOf), which every area storing files from jobs does when it mounts its routes.
 */
const byDatabase = new WeakMap<Services['db'], FileService>()
export const filesOfDatabase = (db: Services['db']): FileService | undefined => byDatabase.get(db)
