import { Badge, Button } from '@fluentui/react-components'
import { CheckmarkCircleRegular } from '@fluentui/react-icons'
import { api } from '../../shared/api'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import { ossFields } from '../../../../db/fields/resource'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'

/** Object-storage configurations: the enabled one receives new uploads; none enabled = the appliance's own disk. */
export default function Oss() {
  const say = useSay()
  const perms = usePermissions()
  const screen: ResourceScreen = {
    base: '/api/blade-resource/oss',
    perm: 'resource:oss',
    title: L('对象存储', 'Object storage'),
    fields: screenFields(ossFields, {
      ossCode: { search: true },
      category: { search: true, width: 130 },
      endpoint: { span: 24 },
      bucketName: {},
      region: { list: false },
      accessKey: { list: false },
      secretKey: { list: false, view: false },
      isEnabled: { form: false, width: 90 },
      remark: { list: false },
    }),
    rowActions: (row, ctx) => (
      <>
        {row.isEnabled === 1 ? (
          <Badge appearance="tint" color="success">
            {say(L('使用中', 'In use'))}
          </Badge>
        ) : (
          perms.has('resource:oss:enable') && (
            <Button
              size="small"
              appearance="transparent"
              icon={<CheckmarkCircleRegular />}
              data-testid="row-enable"
              onClick={async () => {
                await api.post('/api/blade-resource/oss/enable', undefined, { id: row.id })
                notify.success(say('operationSuccessful'))
                ctx.reload()
              }}
            >
              {say(L('启用', 'Enable'))}
            </Button>
          )
        )}
      </>
    ),
  }
  return <ResourcePage screen={screen} />
}
