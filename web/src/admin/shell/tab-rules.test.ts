import { describe, expect, it } from 'vitest'
import { addTab, closeAll, closeOthers, closeTab, WELCOME, type Tab } from './tab-rules'

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
})
