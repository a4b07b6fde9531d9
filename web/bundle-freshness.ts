import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Files outside web/src whose change changes the bundle: both HTML entries, their routing rule, the build config. */
const WEB_INPUTS = ['web/index.html', 'web/portal.html', 'web/entries.ts', 'web/vite.config.ts']

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
  // Both entries are built (web/vite.config.ts): the older of the two documents dates the bundle.
  const documents = ['web/dist/index.html', 'web/dist/portal.html'].map((f) => join(root, f))
  return (
    documents.every((f) => existsSync(f)) &&
    Math.min(...documents.map((f) => statSync(f).mtimeMs)) >=
      Math.max(newest(join(root, 'web/src')), ...WEB_INPUTS.map((f) => statSync(join(root, f)).mtimeMs))
  )
}
