import { describe, expect, it } from 'vitest'
import { searchMenu, visibleMenu, type MenuItem } from './menu-tree'

const m = (name: string, alias: string, path: string, children?: MenuItem[], roles?: string[]): MenuItem => ({
  id: name,
  parentId: '0',
  code: name,
  name,
  alias,
  path,
  children,
  meta: roles ? { roles } : null,
})
const tree = [
  m('系统管理', 'System', '/system', [
    m('用户管理', 'Users', '/system/user'),
    m('参数管理', 'Parameters', '/system/param'),
  ]),
  m('Secret', 'Secret', '/s', undefined, ['administrator']),
]

describe('menu search and role restrictions', () => {
  it('matches leaves by name prefix, case-insensitively, in both languages', () => {
    expect(searchMenu(tree, '用户').map((x) => x.path)).toEqual(['/system/user'])
    expect(searchMenu(tree, 'pARA').map((x) => x.path)).toEqual(['/system/param'])
    expect(searchMenu(tree, 'sers')).toEqual([])
    expect(searchMenu(tree, '  ')).toEqual([])
  })
  it('hides role-restricted items from other roles', () => {
    expect(visibleMenu(tree, ['teacher']).map((x) => x.name)).toEqual(['系统管理'])
    expect(visibleMenu(tree, ['administrator'])).toHaveLength(2)
  })
})
