import { describe, expect, it } from 'vitest'
import { addTab, closeAll, closeOthers, closeTab, retarget, WELCOME, type Tab } from './tab-rules'

const tab = (path: string): Tab => ({ path, label: path })

describe('tab rules (spec §4)', () => {
  it('adds a page once', () => {
    const tabs = addTab(addTab([WELCOME], tab('/system/user')), tab('/system/user'))
    expect(tabs.map((t) => t.path)).toEqual(['/wel/index', '/system/user'])
  })
  it('never closes the last remaining tab, nor the fixed welcome tab', () => {
    expect(closeTab([WELCOME], '/wel/index', '/wel/index').tabs).toHaveLength(1)
    expect(closeTab([WELCOME, tab('/a')], '/wel/index', '/a').tabs).toHaveLength(2)
  })
  it('closing the active tab opens the previous one', () => {
    const r = closeTab([WELCOME, tab('/a'), tab('/b')], '/b', '/b')
    expect(r).toEqual({ tabs: [WELCOME, tab('/a')], active: '/a' })
    expect(closeTab([WELCOME, tab('/a'), tab('/b')], '/a', '/b').active).toBe('/b')
  })
  it('close-others keeps the active and first tabs; close-all resets to welcome', () => {
    expect(closeOthers([WELCOME, tab('/a'), tab('/b'), tab('/c')], '/b').map((t) => t.path)).toEqual([
      '/wel/index',
      '/b',
    ])
    expect(closeAll()).toEqual({ tabs: [WELCOME], active: '/wel/index' })
  })
  it('a page switched in place keeps its one tab, where it stood', () => {
    const tabs = [WELCOME, tab('/c?id=1'), tab('/b')]
    expect(retarget(tabs, '/c?id=1', tab('/c?id=2')).map((t) => t.path)).toEqual(['/wel/index', '/c?id=2', '/b'])
    // Switched to what another tab shows already: that tab stays, the switched one goes.
    expect(retarget(tabs, '/c?id=1', tab('/b')).map((t) => t.path)).toEqual(['/wel/index', '/b'])
    // Its tab closed meanwhile (or never a tab): added as any page.
    expect(retarget(tabs, '/gone', tab('/c?id=3')).map((t) => t.path)).toEqual([
      '/wel/index',
      '/c?id=1',
      '/b',
      '/c?id=3',
    ])
    // The welcome tab is never replaced.
    expect(retarget(tabs, '/wel/index', tab('/d')).map((t) => t.path)).toEqual(['/wel/index', '/c?id=1', '/b', '/d'])
  })
})
