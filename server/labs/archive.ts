import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import type { Readable } from 'node:stream'
import tar from 'tar-stream'

/** Collects a tar-stream pack into one buffer (the engine's archive API takes a body, not a stream, here). */
async function finish(pack: tar.Pack): Promise<Buffer> {
  pack.finalize()
  const chunks: Buffer[] = []
  for await (const c of pack) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

/** A tar holding one file. */
export function packFile(name: string, body: Buffer): Promise<Buffer> {
  const pack = tar.pack()
  pack.entry({ name, size: body.length, mode: 0o644, mtime: new Date() }, body)
  return finish(pack)
}

/** A tar of a folder on the appliance (an experiment's code). */
export async function packFolder(dir: string): Promise<Buffer> {
  const pack = tar.pack()
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const full = join(d, e.name)
      const name = relative(dir, full)
      if (e.isDirectory()) {
        pack.entry({ name, type: 'directory', mode: 0o755 })
        await walk(full)
      } else if (e.isFile()) {
        const st = await stat(full)
        pack.entry({ name, size: st.size, mode: st.mode & 0o777, mtime: st.mtime }, await readFile(full))
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
