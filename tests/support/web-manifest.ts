import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BACK_OFFICE_DOCUMENT, PORTAL_DOCUMENT } from '../../web/entries.ts'
import { WEB_DIST } from './browser.ts'

/** One chunk of a Vite build manifest. */
interface ManifestChunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
}
export type Manifest = Record<string, ManifestChunk>

/** The two builds' manifests (web/vite.config.ts builds the back office and the portal apart). */
export function readManifests(dist = WEB_DIST): { backOffice: Manifest; portal: Manifest } {
  const read = (name: string) => JSON.parse(readFileSync(join(dist, '.vite', name), 'utf8')) as Manifest
  return { backOffice: read('manifest.json'), portal: read('portal-manifest.json') }
}

/** Output files the given chunks pull in: their static imports, and their lazy ones too when `lazy`. */
export function reachable(m: Manifest, from: string[], lazy: boolean): Set<string> {
  const keys = new Set<string>()
  const walk = (k: string) => {
    if (keys.has(k) || !m[k]) return
    keys.add(k)
    for (const i of m[k].imports ?? []) walk(i)
    if (lazy) for (const i of m[k].dynamicImports ?? []) walk(i)
  }
  from.forEach(walk)
  return new Set([...keys].map((k) => m[k].file))
}

/** The entry script of each document. */
export const entryFiles = (m = readManifests()) => ({
  backOffice: m.backOffice[BACK_OFFICE_DOCUMENT].file,
  portal: m.portal[PORTAL_DOCUMENT].file,
})

/**
 * JavaScript only the back office can ever load: every file reachable from
 * index.html (static and lazy imports) that nothing reachable from
 * portal.html is (identical chunks of both builds share a name).
 */
export function backOfficeOnlyFiles(m = readManifests()): Set<string> {
  const portal = reachable(m.portal, [PORTAL_DOCUMENT], true)
  return new Set(
    [...reachable(m.backOffice, [BACK_OFFICE_DOCUMENT], true)].filter((f) => f.endsWith('.js') && !portal.has(f)),
  )
}
