import { describe, expect, it } from 'vitest'
import { frameAddress } from './frame-address'
import { greetingKey, quickLinks, type MenuNode } from './menu-links'

describe('embedded frame address', () => {
  it('takes an encoded http(s) address', () => {
    expect(frameAddress(encodeURIComponent('http://localhost:8080/api/health'))).toBe('http://localhost:8080/api/health')
    expect(frameAddress(encodeURIComponent('https://example.org/a?b=1&c=2'))).toBe('https://example.org/a?b=1&c=2')
    // As the router hands it over: decoded except for the slashes.
    expect(frameAddress('https:%2F%2Fexample.org%2Fdocs')).toBe('https://example.org/docs')
  })

  it('refuses every other scheme and garbage', () => {
    expect(frameAddress(encodeURIComponent('javascript:alert(1)'))).toBeNull()
    expect(frameAddress(encodeURIComponent('data:text/html,<b>x</b>'))).toBeNull()
    expect(frameAddress(encodeURIComponent('file:///etc/passwd'))).toBeNull()
    expect(frameAddress('not a url')).toBeNull()
    expect(frameAddress('%E0%A4%A')).toBeNull()
    expect(frameAddress(undefined)).toBeNull()
  })
})

describe('welcome quick links', () => {
  const tree: MenuNode[] = [
    { id: '1', name: '工作台', alias: 'Workbench', path: '/wel', children: [{ id: '2', name: '数据看板', alias: 'Dashboard', path: '/wel/dashboard' }] },
    { id: '3', name: '监控', alias: 'Monitoring', path: '/monitor', children: [{ id: '4', name: '健康', alias: 'Health', path: 'http://localhost:8080/api/health' }] },
    { id: '5', name: '空', path: '' },
  ]

  it('lists leaves in menu order; web addresses go through the embedded frame', () => {
    const links = quickLinks(tree)
    expect(links.map((l) => l.id)).toEqual(['2', '4'])
    expect(links[0]).toMatchObject({ to: '/wel/dashboard', external: false, alias: 'Dashboard' })
    expect(links[1]).toMatchObject({ to: `/myiframe/${encodeURIComponent('http://localhost:8080/api/health')}`, external: true })
    expect(quickLinks(tree, 1)).toHaveLength(1)
  })

  it('greets by the hour', () => {
    expect(greetingKey(3)).toBe('night')
    expect(greetingKey(9)).toBe('morning')
    expect(greetingKey(14)).toBe('afternoon')
    expect(greetingKey(20)).toBe('evening')
  })
})
