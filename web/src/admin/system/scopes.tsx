import { apiScopeFields, dataScopeFields } from '../../../../db/fields/system'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from './fields'

/** Data scopes: which rows of a resource a role sees (all, own, department, department and below, custom). */
export const dataScopeScreen: ResourceScreen = {
  base: '/api/blade-system/data-scope',
  perm: 'system:datascope',
  title: L('数据权限', 'Data scopes'),
  fields: screenFields(dataScopeFields, {
    menuId: { search: true },
    scopeName: { search: true },
    resourceCode: { search: true },
    scopeColumn: {},
    scopeType: {},
    scopeValue: { list: false, span: 24 },
    remark: { list: false },
  }),
}

/** API scopes: paths only roles granted the scope may call. */
export const apiScopeScreen: ResourceScreen = {
  base: '/api/blade-system/api-scope',
  perm: 'system:apiscope',
  title: L('接口权限', 'API scopes'),
  fields: screenFields(apiScopeFields, {
    menuId: { search: true },
    scopeName: { search: true },
    resourceCode: { search: true },
    scopePath: { span: 24 },
    scopeType: {},
    remark: { list: false },
  }),
}

export const DataScope = () => <ResourcePage screen={dataScopeScreen} />
export const ApiScope = () => <ResourcePage screen={apiScopeScreen} />
