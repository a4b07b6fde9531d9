import { chmod, mkdir, rename, rm, stat, copyFile, unlink } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { validKey, type StorageAdapter } from './adapter.ts'

/** Files under <data>/uploads/<key>. Temp files live in the same data directory, so moving one in is an atomic rename. */
export function localAdapter(dataDir: string): StorageAdapter & { path(key: string): string } {
  const root = join(dataDir, 'uploads')
  const path = (key: string) => {
    if (!validKey(key)) throw new Error(`invalid storage key ${key}`)
    return join(root, key)
  }
  return {
    id: 'local',
    path,
    async putFile(tmp, key) {
      const file = path(key)
      await mkdir(dirname(file), { recursive: true, mode: 0o700 })
      try {
        await rename(tmp, file)
      } catch {
        // A temp directory on another file system: copy, then drop the temp file.
        await copyFile(tmp, file)
        await unlink(tmp)
      }
      // Readable by the service user only, whatever the umask (the server sends it; nobody else on the machine reads it).
      await chmod(file, 0o600)
    },
    // A Bun.file body is sent straight from the file (sendfile), a slice of it too.
    body: async (key, r) => (r ? Bun.file(path(key)).slice(r.start, r.end + 1) : Bun.file(path(key))),
    async stat(key) {
      try {
        return (await stat(path(key))).size
      } catch {
        return null
      }
    },
    async remove(key) {
      await rm(path(key), { force: true })
    },
  }
}
