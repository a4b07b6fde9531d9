/**
 * A menu's `source` names its icon; a name the web does not know shows a dot (web/src/admin/shell/icons.tsx). Every
 * menu and top menu an area declares must name one the web knows, so a new area's menus do not quietly lose theirs.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { flatMenus, loadAreas } from '../../server/lib/reference/load.ts'

const iconsFile = readFileSync(new URL('../../web/src/admin/shell/icons.tsx', import.meta.url), 'utf8')
const table = /const ICONS[^{]*\{([\s\S]*?)\n\}/.exec(iconsFile)?.[1] ?? ''
const known = new Set([...table.matchAll(/^\s*'?([\w-]+)'?:/gm)].map((m) => m[1]))

describe('menu icons', () => {
  it('reads the icon names the web knows', () => {
    expect(known.has('document')).toBe(true)
  })

  it('every declared menu and top menu names a known icon', () => {
    const unknown = [
      ...flatMenus()
        .filter((m) => m.category === 1 && m.source && !known.has(m.source))
        .map((m) => `${m.code}: ${m.source}`),
      ...loadAreas().flatMap((a) =>
        (a.ref.topMenus ?? []).filter((t) => t.source && !known.has(t.source)).map((t) => `top ${t.code}: ${t.source}`),
      ),
    ]
    expect(unknown).toEqual([])
  })
})
