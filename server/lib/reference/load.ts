import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { BUTTON_NAMES, type AreaReference, type MenuRef } from '../../../db/reference/types.ts'

/** Where each area keeps its reference file; any `<area>.ts` placed here is applied, no list to edit. */
export const AREAS_DIR = join(import.meta.dirname, '../../../db/reference/areas')

export interface Area {
  name: string
  ref: AreaReference
}

let cached: Area[] | undefined

/**
 * Every area's reference file, in file-name order. Loaded synchronously
 * (require) because boot is synchronous; the files are pure data.
 */
export function loadAreas(dir = AREAS_DIR): Area[] {
  if (dir === AREAS_DIR && cached) return cached
  const areas = readdirSync(dir)
    .filter((f) => /^[\w-]+\.ts$/.test(f) && !f.endsWith('.test.ts'))
    .sort()
    .map((f) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require(join(dir, f)) as { default?: AreaReference }
      if (!mod.default)
        throw new Error(`reference file ${f} has no default export (export default defineReference({...}))`)
      return { name: f.slice(0, -3), ref: mod.default }
    })
  if (dir === AREAS_DIR) cached = areas
  return areas
}

/** One menu or button row as the reference wants it, parents before children. */
export interface FlatMenu {
  code: string
  parentCode: string | null
  name: string
  alias: string
  path: string | null
  source: string | null
  sort: number
  category: 1 | 2
  action: number
  isOpen: number
  grant: string[]
  platform: boolean
  topMenu?: string
}

/** The menus of every area as rows to upsert: buttons become <code>:<verb> rows under their menu. */
export function flatMenus(areas: Area[] = loadAreas()): FlatMenu[] {
  const out: FlatMenu[] = []
  const walk = (items: MenuRef[], parentCode: string | null, inherited: { platform: boolean }) =>
    items.forEach((m, i) => {
      const platform = inherited.platform || Boolean(m.platform)
      const grant = m.grant ?? []
      out.push({
        code: m.code,
        parentCode: m.parent ?? parentCode,
        name: m.name,
        alias: m.alias,
        path: m.path,
        source: m.source ?? null,
        sort: m.sort ?? i + 1,
        category: 1,
        action: 0,
        isOpen: m.isOpen ?? 0,
        grant,
        platform,
        topMenu: m.topMenu,
      })
      ;(m.buttons ?? []).forEach((b, j) => {
        const [verb, zh, en] = Array.isArray(b) ? b : [b, ...BUTTON_NAMES[b]]
        out.push({
          code: `${m.code}:${verb}`,
          parentCode: m.code,
          name: zh,
          alias: en,
          path: null,
          source: null,
          sort: j + 1,
          category: 2,
          action: verb === 'add' ? 1 : 2,
          isOpen: 0,
          grant,
          platform,
        })
      })
      if (m.children) walk(m.children, m.code, { platform })
    })
  for (const a of areas) walk(a.ref.menus ?? [], null, { platform: false })
  return out
}
