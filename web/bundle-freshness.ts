import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Newest modification time of any file under a folder. */
function newest(dir: string): number {
  let t = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

/** True when web/dist was built after the last change to the web sources (`npm start` and browser tests rebuild otherwise). */
export function webBundleIsFresh(root = '.'): boolean {
  const index = join(root, 'web/dist/index.html')
  return (
    existsSync(index) &&
    statSync(index).mtimeMs >= Math.max(newest(join(root, 'web/src')), statSync(join(root, 'web/index.html')).mtimeMs)
  )
}
