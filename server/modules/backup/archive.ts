/**
 * The backup archive: a gzip'd tar whose last entry, manifest.json, lists every
 * other entry with its size and SHA-256. The manifest goes last so a backup
 * reads each file once; a reader therefore checks everything only at the end,
 * which is why restores extract into a fresh staging folder first.
 */
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, join, normalize, sep } from 'node:path'
import { Transform, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import tar from 'tar-stream'
import { ApiError } from '../../lib/errors.ts'
import './messages.ts'

export const MANIFEST = 'manifest.json'
export const FORMAT = 'atrium-backup'

export interface ManifestFile {
  path: string
  size: number
  sha256: string
}

export interface Manifest {
  format: typeof FORMAT
  formatVersion: 1
  /** A whole appliance, or one tenant's rows and files. */
  kind: 'full' | 'tenant'
  appVersion: string
  /** Newest migration applied to the saved database, and how many there were. */
  migration: string | null
  migrations: number
  createdAt: string
  tenant?: string
  files: ManifestFile[]
}

export type ManifestMeta = Omit<Manifest, 'files' | 'format' | 'formatVersion'>

/** One archive entry: a file on disk, or bytes made in memory (rows of a tenant export). */
export type Source = { path: string; file: string } | { path: string; bytes: Uint8Array }

export type Progress = (done: number, total: number, path: string) => void

const hashing = (hash: ReturnType<typeof createHash>) =>
  new Transform({
    transform(chunk: Buffer, _enc, next) {
      hash.update(chunk)
      next(null, chunk)
    },
  })

/** Writes the archive to `<out>.partial` and renames it into place, so a finished name always means a whole backup. */
export async function writeArchive(
  out: string,
  sources: Source[],
  meta: ManifestMeta,
  onProgress?: Progress,
): Promise<Manifest> {
  mkdirSync(dirname(out), { recursive: true })
  const partial = `${out}.partial`
  const pack = tar.pack()
  const written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(partial, { mode: 0o600 }))
  const files: ManifestFile[] = []
  const sizes = sources.map((s) => ('file' in s ? statSync(s.file).size : s.bytes.byteLength))
  const total = sizes.reduce((a, b) => a + b, 0)
  let done = 0
  try {
    for (const [i, s] of sources.entries()) {
      const hash = createHash('sha256')
      const size = sizes[i]
      if ('file' in s)
        await pipeline(createReadStream(s.file), hashing(hash), pack.entry({ name: s.path, size, mode: 0o600 }))
      else {
        hash.update(s.bytes)
        const bytes = Buffer.from(s.bytes)
        await new Promise<void>((ok, no) =>
          pack.entry({ name: s.path, size, mode: 0o600 }, bytes, (e) => (e ? no(e) : ok())),
        )
      }
      files.push({ path: s.path, size, sha256: hash.digest('hex') })
      done += size
      onProgress?.(done, total, s.path)
    }
    const manifest: Manifest = { format: FORMAT, formatVersion: 1, ...meta, files }
    pack.entry({ name: MANIFEST, mode: 0o600 }, JSON.stringify(manifest, null, 2))
    pack.finalize()
    await written
    renameSync(partial, out)
    return manifest
  } catch (e) {
    pack.destroy()
    await written.catch(() => undefined)
    rmSync(partial, { force: true })
    throw e
  }
}

const damaged = (detail: string) => new ApiError(400, 'backup.damaged', { detail }, true, 'file')

/** An entry name that stays inside the folder it is extracted to. */
function safePath(name: string): string {
  const p = normalize(name)
  if (!p || p.startsWith('..') || p.startsWith(sep) || p.includes(`..${sep}`))
    throw damaged(`unsafe entry name ${name}`)
  return p
}

/**
 * Reads an archive through once. Each entry is hashed; with `into`, it is also
 * written under that folder. Answers the manifest only when every listed file
 * is present with its size and checksum and nothing unlisted came along;
 * otherwise throws backup.damaged and the caller discards what was written.
 */
export async function readArchive(file: string, into?: string, onProgress?: Progress): Promise<Manifest> {
  const seen = new Map<string, ManifestFile>()
  let manifest: Manifest | undefined
  const extract = tar.extract()
  const total = statSync(file).size
  let read = 0
  const source = createReadStream(file).on('data', (c) => {
    read += c.length
  })
  const feeding = pipeline(source, createGunzip(), extract).catch((e: Error) => {
    extract.destroy(e)
  })
  try {
    for await (const entry of extract) {
      const name = entry.header.name
      if (name === MANIFEST) {
        manifest = JSON.parse((await collect(entry)).toString('utf8')) as Manifest
        continue
      }
      const path = safePath(name)
      const hash = createHash('sha256')
      let size = 0
      const counting = new Transform({
        transform(chunk: Buffer, _enc, next) {
          hash.update(chunk)
          size += chunk.length
          next(null, into ? chunk : undefined)
        },
      })
      if (into) {
        const target = join(into, path)
        mkdirSync(dirname(target), { recursive: true, mode: 0o700 })
        await pipeline(entry, counting, createWriteStream(target, { mode: 0o600 }))
      } else await pipeline(entry, counting, devNull())
      seen.set(path, { path, size, sha256: hash.digest('hex') })
      onProgress?.(read, total, path)
    }
    await feeding
  } catch (e) {
    if (e instanceof ApiError) throw e
    throw damaged(e instanceof Error ? e.message : String(e))
  }
  return checkManifest(manifest, seen)
}

function checkManifest(manifest: Manifest | undefined, seen: Map<string, ManifestFile>): Manifest {
  if (!manifest) throw damaged('no manifest (the archive is truncated or not an Atrium backup)')
  if (manifest.format !== FORMAT || manifest.formatVersion !== 1) throw damaged('not an Atrium backup')
  for (const f of manifest.files) {
    const got = seen.get(f.path)
    if (!got) throw damaged(`${f.path} is missing`)
    if (got.size !== f.size || got.sha256 !== f.sha256) throw damaged(`${f.path} does not match its checksum`)
    seen.delete(f.path)
  }
  if (seen.size) throw damaged(`unlisted entries: ${[...seen.keys()].join(', ')}`)
  return manifest
}

async function collect(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

const devNull = () =>
  new Writable({
    write(_chunk, _enc, next) {
      next()
    },
  })
