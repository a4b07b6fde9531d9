import { Button } from '@fluentui/react-components'
import { SendRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { smsFields, smsSendFields } from '../../../../db/fields/sms'
import { api } from '../../shared/api'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import FormDialog from '../../shared/resource/FormDialog'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'
import EnableAction from '../widgets/EnableAction'

const BASE = '/api/blade-resource/sms'

const fields = screenFields(smsFields, {
  smsCode: { search: true },
  category: { search: true, width: 120 },
  templateId: { width: 140 },
  signName: { search: true, width: 150 },
  accessKey: { list: false, view: false },
  secretKey: { list: false, view: false },
  regionId: { list: false },
  appId: { list: false },
  endpoint: { list: false, span: 24 },
  isEnabled: { form: false, width: 90 },
  remark: { list: false },
})

const sendFields = screenFields(smsSendFields, {
  code: { span: 24 },
  phones: { span: 24 },
  params: { span: 24 },
})

/**
 * A school's SMS accounts (Aliyun, Tencent Cloud). The enabled one sends the portal's verification codes; the keys
 * are never shown (blank on edit keeps them). "Send SMS" tries an account: the provider's refusal shows its reason.
 */
export default function Sms() {
  const say = useSay()
  const perms = usePermissions()
  const [sending, setSending] = useState<Row | null>(null)
  const canSend = perms.has('resource:sms:send')
  const screen: ResourceScreen = {
    base: BASE,
    perm: 'resource:sms',
    title: L('短信配置', 'SMS'),
    fields,
    rowActions: (row, ctx) => (
      <>
        <EnableAction row={row} ctx={ctx} base={BASE} perm="resource:sms" inUse={L('使用中', 'In use')} />
        {canSend && (
          <Button
            size="small"
            appearance="transparent"
            icon={<SendRegular />}
            data-testid="row-send"
            onClick={() => setSending({ code: row.smsCode, phones: '', params: '{"code":"123456"}' })}
          >
            {say(L('发送短信', 'Send SMS'))}
          </Button>
        )}
      </>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {sending && (
        <FormDialog
          mode="add"
          title={say(L('发送短信', 'Send SMS'))}
          fields={sendFields}
          initial={sending}
          onClose={() => setSending(null)}
          onSubmit={async (values) => {
            await api.post(`${BASE}/send-message`, values)
            notify.success(say(L('短信已发送', 'The message has been sent')))
            setSending(null)
          }}
        />
      )}
    </>
  )
}
