import { Button } from '@fluentui/react-components'
import { BoxRegular, SettingsRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import FormDialog from '../../shared/resource/FormDialog'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { Field, ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L, need } from './fields'

const packageField: Field = { name: 'packageId', label: L('租户套餐', 'Package'), type: 'tree', tree: { url: '/api/blade-system/tenant-package/list', params: { size: '200' }, label: 'packageName' } }
const settingFields: Field[] = [
  { name: 'accountNumber', label: L('账号额度（-1 不限）', 'Account limit (-1 = unlimited)'), type: 'number', default: -1 },
  { name: 'expireTime', label: L('过期时间', 'Expires'), type: 'datetime' },
]

/** Tenants (schools): adding one provisions its roles, root department and admin account on the server. */
export default function Tenant() {
  const say = useSay()
  const perms = usePermissions()
  const [dialog, setDialog] = useState<{ kind: 'setting' | 'package'; row: Row } | null>(null)
  const screen: ResourceScreen = {
    base: '/api/blade-system/tenant',
    perm: 'system:tenant',
    title: L('租户管理', 'Tenants'),
    fields: [
      { name: 'tenantId', label: L('租户编号', 'Tenant id'), addOnly: true, width: 100 },
      { name: 'tenantName', label: L('租户名称', 'Tenant name'), search: true, required: need('请输入租户名称', 'please enter the tenant name') },
      { name: 'domain', label: L('绑定域名', 'Domain'), search: true },
      { name: 'linkman', label: L('联系人', 'Contact'), search: true },
      { name: 'contactNumber', label: L('联系电话', 'Phone'), rules: ['phone'] },
      { name: 'address', label: L('联系地址', 'Address'), list: false, span: 24 },
      { ...settingFields[0], form: false },
      { ...settingFields[1], form: false },
      { ...packageField, form: false },
    ],
    rowActions: (row) => (
      <>
        {perms.has('system:tenant:setting') && <Button size="small" appearance="transparent" icon={<SettingsRegular />} onClick={() => setDialog({ kind: 'setting', row })}>{say(L('授权配置', 'Licence'))}</Button>}
        {perms.has('system:tenant:setting') && <Button size="small" appearance="transparent" icon={<BoxRegular />} onClick={() => setDialog({ kind: 'package', row })}>{say(L('套餐配置', 'Package'))}</Button>}
      </>
    ),
  }
  const save = async (values: Row) => {
    if (dialog!.kind === 'setting') await write('/api/blade-system/tenant/setting', { body: { ids: dialog!.row.id, accountNumber: Number(values.accountNumber ?? -1), expireTime: values.expireTime || null } })
    else await write('/api/blade-system/tenant/package-setting', { body: { tenantId: dialog!.row.tenantId, packageId: values.packageId || '' } })
    notify.success(say('operationSuccessful'))
    setDialog(null)
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {dialog && (
        <FormDialog mode="edit" title={`${dialog.row.tenantName} · ${say(dialog.kind === 'setting' ? L('授权配置', 'Licence') : L('套餐配置', 'Package'))}`}
          fields={dialog.kind === 'setting' ? settingFields : [packageField]} initial={dialog.row} onSubmit={save} onClose={() => setDialog(null)} />
      )}
    </>
  )
}
