import { Button } from '@fluentui/react-components'
import { CheckmarkCircleRegular, DismissCircleRegular } from '@fluentui/react-icons'
import { mailPlatFromFields } from '../../../../db/fields/mail'
import { L } from '../../../../db/fields/types'
import { write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'

const BASE = '/api/blade-email/plat-from'

/** Mail providers the platform offers schools (their servers and encryption); schools copy them into accounts. */
export default function PlatFrom() {
  const say = useSay()
  const perms = usePermissions()
  const screen: ResourceScreen = {
    base: BASE,
    perm: 'mail:platFrom',
    title: L('邮件服务商', 'Mail providers'),
    fields: screenFields(mailPlatFromFields, {
      name: { search: true },
      host: { search: true },
      port: { width: 80 },
      tlsMode: { width: 110 },
      imapHost: {},
      imapPort: { list: false },
      imapTls: { list: false },
      isEnabled: { form: false, width: 110 },
      remark: { list: false, span: 24 },
    }),
    rowActions: (row, ctx) =>
      perms.has('mail:platFrom:enable') && (
        <Button
          size="small"
          appearance="transparent"
          icon={row.isEnabled === 1 ? <DismissCircleRegular /> : <CheckmarkCircleRegular />}
          data-testid="row-enable"
          onClick={async () => {
            await write(`${BASE}/enable`, { body: { id: row.id, enabled: row.isEnabled === 1 ? 0 : 1 } })
            notify.success(say('operationSuccessful'))
            ctx.reload()
          }}
        >
          {say(row.isEnabled === 1 ? L('停止提供', 'Withdraw') : L('提供给学校', 'Offer'))}
        </Button>
      ),
  }
  return <ResourcePage screen={screen} />
}
