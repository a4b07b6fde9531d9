import { Button } from '@fluentui/react-components'
import { BoxRegular, SettingsRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import FormDialog from '../../shared/resource/FormDialog'
import { tenantFields } from '../../../../db/fields/system'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from './fields'

const settingFields = screenFields(tenantFields, { accountNumber: {}, expireTime: {}, assistantQuota: {} })
const packageFields = screenFields(tenantFields, { packageId: {} })

/** Tenants (schools): adding one provisions its roles, root department and admin account on the server. */
export default function Tenant() {
  const say = useSay()
  const perms = usePermissions()
  const [dialog, setDialog] = useState<{ kind: 'setting' | 'package'; row: Row } | null>(null)
  const screen: ResourceScreen = {
    base: '/api/blade-system/tenant',
    perm: 'system:tenant',
    title: L('租户管理', 'Tenants'),
    fields: screenFields(tenantFields, {
      tenantId: { addOnly: true, width: 100 },
      tenantName: { search: true },
      domain: { search: true },
      linkman: { search: true },
      contactNumber: {},
      address: { list: false, span: 24 },
      accountNumber: { form: false },
      expireTime: { form: false },
      assistantQuota: { form: false, list: false },
      packageId: { form: false },
    }),
    rowActions: (row) => (
      <>
        {perms.has('system:tenant:setting') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<SettingsRegular />}
            onClick={() => setDialog({ kind: 'setting', row })}
          >
            {say(L('授权配置', 'Licence'))}
          </Button>
        )}
        {perms.has('system:tenant:setting') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<BoxRegular />}
            onClick={() => setDialog({ kind: 'package', row })}
          >
            {say(L('套餐配置', 'Package'))}
          </Button>
        )}
      </>
    ),
  }
  const save = async (values: Row) => {
    if (dialog!.kind === 'setting')
      await write('/api/blade-system/tenant/setting', {
        body: {
          ids: dialog!.row.id,
          accountNumber: Number(values.accountNumber ?? -1),
          expireTime: values.expireTime || null,
          // Empty gives the school the platform's default back.
          assistantQuota:
            values.assistantQuota === '' || values.assistantQuota == null ? null : Number(values.assistantQuota),
        },
      })
    else
      await write('/api/blade-system/tenant/package-setting', {
        body: { tenantId: dialog!.row.tenantId, packageId: values.packageId || '' },
      })
    notify.success(say('operationSuccessful'))
    setDialog(null)
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {dialog && (
        <FormDialog
          mode="edit"
          title={`${dialog.row.tenantName} · ${say(dialog.kind === 'setting' ? L('授权配置', 'Licence') : L('套餐配置', 'Package'))}`}
          fields={dialog.kind === 'setting' ? settingFields : packageFields}
          initial={dialog.row}
          onSubmit={save}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  )
}
