import { datasourceFields } from '../../../../db/fields/develop'
import { L } from '../../../../db/fields/types'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'

/**
 * Datasources a model reads its table from: the appliance's own database (built in) and external PostgreSQL or
 * MySQL servers. The password shows masked; leaving it as it is keeps the stored one.
 */
export const datasourceScreen: ResourceScreen = {
  base: '/api/blade-develop/datasource',
  perm: 'develop:datasource',
  title: L('数据源管理', 'Datasources'),
  fields: screenFields(datasourceFields, {
    name: { search: true },
    driverClass: { search: true, width: 130 },
    url: { span: 24 },
    username: { width: 120 },
    password: { list: false, view: false },
    remark: { list: false, span: 24 },
  }),
}

export default function Datasource() {
  return <ResourcePage screen={datasourceScreen} />
}
