import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import tar from 'tar-stream'

/** uid and gid of a `uid:gid` user: files put into a lab belong to the user it runs as, or it could not change them. */
const owner = (user?: string) => {
  const [uid, gid] = (user ?? '0:0').split(':').map(Number)
  return { uid: uid || 0, gid: gid || 0 }
}

/** Collects a tar-stream pack into one buffer (the engine's archive API takes a body, not a stream, here). */
async function finish(pack: tar.Pack): Promise<Buffer> {
  pack.finalize()
  const chunks: Buffer[] = []
  for await (const c of pack) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

/** A tar holding one file, owned by `user` (uid:gid). */
export function packFile(name: string, body: Buffer, user?: string): Promise<Buffer> {
  const pack = tar.pack()
  pack.entry({ name, size: body.length, mode: 0o644, mtime: new Date(), ...owner(user) }, body)
  return finish(pack)
}

/** A tar holding one directory entry owned by `user` (the workspace handed to the lab's user). */
export function packOwnedDir(name: string, user: string): Promise<Buffer> {
  const pack = tar.pack()
  pack.entry({ name, type: 'directory', mode: 0o755, mtime: new Date(), ...owner(user) })
  return finish(pack)
}

/** A tar of a folder on the appliance (an experiment's code), its entries owned by `user`. */
export async function packFolder(dir: string, user?: string): Promise<Buffer> {
  const who = owner(user)
  const pack = tar.pack()
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const full = join(d, e.name)
      const name = relative(dir, full)
      if (e.isDirectory()) {
        pack.entry({ name, type: 'directory', mode: 0o755, ...who })
        await walk(full)
      } else if (e.isFile()) {
        const st = await stat(full)
        pack.entry({ name, size: st.size, mode: st.mode & 0o777, mtime: st.mtime, ...who }, await readFile(full))
      }
    }
  }
  await walk(dir)
  return finish(pack)
}

export interface TarEntry {
  name: string
  type: string
  size: number
  mtime: string
}

/**
 * Reads a tar stream entry by entry. `onEntry` answers whether to keep the
 * entry's body (bounded by `maxBytes`) and whether to stop after it.
 */
export function readTar(
  stream: Readable,
  opts: { maxEntries?: number; keepFirstFile?: boolean; maxBytes: number },
): Promise<{ entries: TarEntry[]; file?: { name: string; body: Buffer }; tooLarge?: boolean }> {
  const extract = tar.extract()
  const entries: TarEntry[] = []
  let file: { name: string; body: Buffer } | undefined
  let tooLarge = false
  return new Promise((resolve, reject) => {
    const done = () => {
      stream.unpipe(extract)
      stream.destroy()
      resolve({ entries, file, tooLarge })
    }
    extract.on('entry', (h, body, next) => {
      entries.push({
        name: h.name,
        type: h.type ?? 'file',
        size: h.size ?? 0,
        mtime: (h.mtime ?? new Date()).toISOString(),
      })
      if (opts.keepFirstFile && entries.length === 1 && h.type === 'file') {
        if ((h.size ?? 0) > opts.maxBytes) {
          tooLarge = true
          body.resume()
          return done()
        }
        const chunks: Buffer[] = []
        body.on('data', (c: unknown) => {
          chunks.push(c as Buffer)
        })
        body.on('end', () => {
          file = { name: h.name, body: Buffer.concat(chunks) }
          done()
        })
        return
      }
      body.on('end', () => (opts.maxEntries && entries.length >= opts.maxEntries ? done() : next()))
      body.resume()
    })
    extract.on('finish', () => resolve({ entries, file, tooLarge }))
    extract.on('error', reject)
    stream.on('error', reject)
    stream.pipe(extract)
  })
}

/**
 * A `docker save` archive with every name taken out (manifest.json's
 * RepoTags, the legacy `repositories` file, OCI name annotations), streamed
 * through: `docker load` then tags nothing, so an archive can never overwrite
 * a reference the loader may not write. `names` answers the names it held.
 */
export function untagImageArchive(source: Readable): { stream: Readable; names: Promise<string[]> } {
  const extract = tar.extract()
  const pack = tar.pack()
  const out = new PassThrough()
  const names: string[] = []
  let settle: (n: string[]) => void
  const done = new Promise<string[]>((ok) => (settle = ok))
  const rewrite = (name: string, text: string): string => {
    if (name === 'manifest.json') {
      const manifest = JSON.parse(text) as { RepoTags?: string[] | null }[]
      for (const m of manifest) {
        names.push(...(m.RepoTags ?? []))
        m.RepoTags = []
      }
      return JSON.stringify(manifest)
    }
    const index = JSON.parse(text) as { manifests?: { annotations?: Record<string, string> }[] }
    for (const m of index.manifests ?? []) {
      const a = m.annotations ?? {}
      if (a['io.containerd.image.name']) names.push(a['io.containerd.image.name'])
      delete a['io.containerd.image.name']
      delete a['org.opencontainers.image.ref.name']
    }
    return JSON.stringify(index)
  }
  extract.on('entry', (h, body, next) => {
    const name = h.name.replace(/^\.\//, '')
    if (name === 'repositories') {
      body.on('end', next)
      body.resume()
      return
    }
    if (name !== 'manifest.json' && name !== 'index.json') {
      body.pipe(pack.entry(h, next))
      return
    }
    const chunks: Buffer[] = []
    body.on('data', (c: unknown) => {
      chunks.push(c as Buffer)
    })
    body.on('end', () => {
      try {
        const text = Buffer.from(rewrite(name, Buffer.concat(chunks).toString('utf8')))
        pack.entry({ ...h, size: text.length }, text, next)
      } catch (e) {
        next(e as Error)
      }
    })
  })
  extract.on('finish', () => {
    pack.finalize()
    settle(names)
  })
  const fail = (e: Error) => {
    settle(names)
    out.destroy(e)
  }
  extract.on('error', fail)
  source.on('error', fail)
  source.pipe(extract)
  pack.pipe(out)
  return { stream: out, names: done }
}
