/**
 * Packs files into a POSIX ustar archive in the browser: the Dockerfile folder
 * an administrator picks becomes the build context the engine expects (the
 * CLI packs DIR the same way with tar-stream on the server side).
 */
const enc = new TextEncoder()

function header(name: string, size: number, mtime: number): Uint8Array {
  const h = new Uint8Array(512)
  const put = (text: string, at: number, len: number) => h.set(enc.encode(text).subarray(0, len), at)
  const octal = (n: number, at: number, len: number) => put(`${n.toString(8).padStart(len - 1, '0')}\0`, at, len)
  let prefix = ''
  let base = name
  if (enc.encode(name).length > 100) {
    // ustar splits long paths at a slash: up to 155 bytes of prefix, 100 of name.
    const cut = name.lastIndexOf('/', 155)
    if (cut <= 0 || enc.encode(name.slice(cut + 1)).length > 100)
      throw new Error(`path too long for the archive: ${name}`)
    prefix = name.slice(0, cut)
    base = name.slice(cut + 1)
  }
  put(base, 0, 100)
  octal(0o644, 100, 8)
  octal(0, 108, 8)
  octal(0, 116, 8)
  octal(size, 124, 12)
  octal(Math.floor(mtime / 1000), 136, 12)
  put('        ', 148, 8)
  put('0', 156, 1)
  put('ustar\u000000', 257, 8)
  put(prefix, 345, 155)
  const sum = h.reduce((a, b) => a + b, 0)
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8)
  return h
}

/** `files` with their paths inside the archive; answers the tar as a Blob. */
export async function packTar(files: { path: string; file: Blob; mtime?: number }[]): Promise<Blob> {
  const parts: BlobPart[] = []
  for (const f of files) {
    parts.push(header(f.path, f.file.size, f.mtime ?? Date.now()) as BlobPart, f.file)
    const pad = (512 - (f.file.size % 512)) % 512
    if (pad) parts.push(new Uint8Array(pad) as BlobPart)
  }
  parts.push(new Uint8Array(1024) as BlobPart)
  return new Blob(parts, { type: 'application/x-tar' })
}

/** A folder picked with webkitdirectory: paths relative to the folder itself (its own name dropped). */
export function folderEntries(list: FileList): { path: string; file: File; mtime: number }[] {
  return [...list].map((file) => ({
    path: (file.webkitRelativePath || file.name).split('/').slice(1).join('/') || file.name,
    file,
    mtime: file.lastModified,
  }))
}
