import { Badge, Button } from '@fluentui/react-components'
import { CheckmarkCircleRegular } from '@fluentui/react-icons'
import { api } from '../../shared/api'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L, need, remarkField } from '../system/fields'

/** Object-storage configurations: the enabled one receives new uploads; none enabled = the appliance's own disk. */
export default function Oss() {
  const say = useSay()
  const perms = usePermissions()
  const screen: ResourceScreen = {
    base: '/api/blade-resource/oss',
    perm: 'resource:oss',
    title: L('对象存储', 'Object storage'),
    fields: [
      { name: 'ossCode', label: L('资源编号', 'Code'), search: true, required: need('请输入资源编号', 'please enter the storage code') },
      { name: 'category', label: L('存储类型', 'Kind'), type: 'dict', dict: { code: 'oss_category' }, default: 2, search: true, width: 130 },
      { name: 'endpoint', label: L('资源地址', 'Endpoint'), rules: ['url'], span: 24 },
      { name: 'bucketName', label: L('空间名', 'Bucket') },
      { name: 'region', label: L('区域', 'Region'), list: false },
      { name: 'accessKey', label: L('accessKey', 'Access key'), list: false },
      { name: 'secretKey', label: L('secretKey（留空不修改）', 'Secret key (empty = unchanged)'), type: 'password', list: false, view: false },
      { name: 'isEnabled', label: L('已启用', 'Enabled'), type: 'switch', form: false, width: 90 },
      remarkField,
    ],
    rowActions: (row, ctx) => (
      <>
        {row.isEnabled === 1 ? <Badge appearance="tint" color="success">{say(L('使用中', 'In use'))}</Badge>
          : perms.has('resource:oss:enable') && (
            <Button size="small" appearance="transparent" icon={<CheckmarkCircleRegular />} data-testid="row-enable" onClick={async () => {
              await api.post('/api/blade-resource/oss/enable', undefined, { id: row.id })
              notify.success(say('operationSuccessful'))
              ctx.reload()
            }}>{say(L('启用', 'Enable'))}</Button>
          )}
      </>
    ),
  }
  return <ResourcePage screen={screen} />
}
