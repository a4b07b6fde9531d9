import ResourcePage from '../../shared/resource/ResourcePage'
import type { Field, ResourceScreen } from '../../shared/resource/schema'
import { L, need, remarkField } from './fields'

const menuField: Field = { name: 'menuId', label: L('所属菜单', 'Menu'), type: 'tree', tree: { url: '/api/blade-system/menu/tree' }, required: need('请选择所属菜单', 'please select the menu'), search: true }
const common: Field[] = [
  menuField,
  { name: 'scopeName', label: L('权限名称', 'Name'), search: true, required: need('请输入权限名称', 'please enter the scope name') },
  { name: 'resourceCode', label: L('资源编号', 'Resource code'), search: true, required: need('请输入资源编号', 'please enter the resource code') },
]

/** Data scopes: which rows of a resource a role sees (all, own, department, department and below, custom). */
export const dataScopeScreen: ResourceScreen = {
  base: '/api/blade-system/data-scope',
  perm: 'system:datascope',
  title: L('数据权限', 'Data scopes'),
  fields: [
    ...common,
    { name: 'scopeColumn', label: L('权限字段', 'Column'), default: 'create_dept' },
    { name: 'scopeType', label: L('权限类型', 'Type'), type: 'dict', dict: { code: 'data_scope_type' }, default: 3 },
    { name: 'scopeValue', label: L('自定义机构', 'Custom units'), type: 'tree', tree: { url: '/api/blade-system/dept/tree', multiple: true }, list: false, span: 24 },
    remarkField,
  ],
}

/** API scopes: paths only roles granted the scope may call. */
export const apiScopeScreen: ResourceScreen = {
  base: '/api/blade-system/api-scope',
  perm: 'system:apiscope',
  title: L('接口权限', 'API scopes'),
  fields: [
    ...common,
    { name: 'scopePath', label: L('接口路径', 'API path'), required: need('请输入接口路径', 'please enter the API path'), span: 24 },
    { name: 'scopeType', label: L('请求方法', 'Methods'), type: 'dict', dict: { code: 'api_scope_type' }, default: 1 },
    remarkField,
  ],
}

export const DataScope = () => <ResourcePage screen={dataScopeScreen} />
export const ApiScope = () => <ResourcePage screen={apiScopeScreen} />
