import { mkdir, writeFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { newId } from '../../lib/ids.ts'

/**
 * Where uploaded bytes go. The appliance stores on its own disk; a cloud
 * object store would implement the same interface (spec saveType 1/2/4/5).
 */
export interface FileStorage {
  put(bytes: Uint8Array, ext: string): Promise<{ key: string; link: string }>
  path(key: string): string
}

/** Files under <data>/uploads/yyyy/MM/dd/<id>.<ext>, written to a temp name then renamed: a crash never leaves half a file at a served name. */
export function localStorage(dataDir: string): FileStorage {
  const root = join(dataDir, 'uploads')
  return {
    async put(bytes, ext) {
      const d = new Date()
      const day = `${d.getFullYear()}/${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}`
      const key = `${day}/${newId()}.${ext}`
      const file = join(root, key)
      await mkdir(join(root, day), { recursive: true })
      await writeFile(`${file}.part`, bytes)
      await rename(`${file}.part`, file)
      return { key, link: `/upload/${key}` }
    },
    path: (key) => join(root, key),
  }
}
