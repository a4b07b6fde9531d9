import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L, need, remarkField, sortField } from './fields'

/** Menus and buttons: the codes here are the permission codes the server checks. */
export const menuScreen: ResourceScreen = {
  base: '/api/blade-system/menu',
  perm: 'system:menu',
  title: L('菜单管理', 'Menus'),
  tree: true,
  fields: [
    { name: 'name', label: L('菜单名称', 'Name'), search: true, required: need('请输入菜单名称', 'please enter the menu name') },
    { name: 'alias', label: L('英文名称', 'English name') },
    { name: 'code', label: L('菜单编号', 'Code'), search: true, required: need('请输入菜单编号', 'please enter the menu code') },
    { name: 'path', label: L('路由地址', 'Path'), span: 24 },
    { name: 'parentId', label: L('上级菜单', 'Parent'), type: 'tree', tree: { url: '/api/blade-system/menu/tree' }, list: false, default: '0' },
    { name: 'source', label: L('菜单图标', 'Icon'), list: false },
    { name: 'category', label: L('菜单类型', 'Type'), type: 'dict', dict: { code: 'menu_category' }, default: 1, width: 90 },
    { name: 'action', label: L('按钮功能', 'Button position'), type: 'dict', dict: { code: 'button_func' }, default: 0, list: false },
    { name: 'isOpen', label: L('新窗口', 'New window'), type: 'dict', dict: { code: 'yes_no' }, default: 0, width: 90 },
    sortField,
    remarkField,
  ],
}

export default function Menu() {
  return <ResourcePage screen={menuScreen} />
}
