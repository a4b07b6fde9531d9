import { Button } from '@fluentui/react-components'
import { KeyRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L, need, remarkField, sortField } from './fields'
import GrantDialog from './GrantDialog'

/** Roles as a tree, with the grant dialog for menus, data scopes and API scopes. */
export default function Role() {
  const say = useSay()
  const perms = usePermissions()
  const [granting, setGranting] = useState<Row[] | null>(null)
  const grantLabel = L('权限设置', 'Grant permissions')
  const screen: ResourceScreen = {
    base: '/api/blade-system/role',
    perm: 'system:role',
    title: L('角色管理', 'Roles'),
    tree: true,
    // The user list shows role names.
    invalidates: ['/api/blade-system/user'],
    fields: [
      { name: 'roleName', label: L('角色名称', 'Role name'), search: true, required: need('请输入角色名称', 'please enter the role name') },
      { name: 'roleAlias', label: L('角色别名', 'Alias'), search: true, required: need('请输入角色别名', 'please enter the role alias') },
      { name: 'parentId', label: L('上级角色', 'Parent'), type: 'tree', tree: { url: '/api/blade-system/role/tree' }, list: false, default: '0' },
      sortField,
      remarkField,
    ],
    toolbar: ({ selected }) => perms.has('system:role:grant') && (
      <Button icon={<KeyRegular />} onClick={() => (selected.length ? setGranting(selected) : notify.warning(say('selectAtLeastOne')))}>{say(grantLabel)}</Button>
    ),
    rowActions: (row) => perms.has('system:role:grant') && (
      <Button size="small" appearance="transparent" icon={<KeyRegular />} onClick={() => setGranting([row])} data-testid="row-grant">{say(grantLabel)}</Button>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {granting && <GrantDialog roles={granting} onClose={() => setGranting(null)} />}
    </>
  )
}
