import { Button } from '@fluentui/react-components'
import { KeyRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import { roleFields } from '../../../../db/fields/system'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from './fields'
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
    fields: screenFields(roleFields, {
      roleName: { search: true },
      roleAlias: { search: true },
      parentId: { list: false },
      sort: { width: 80 },
      remark: { list: false },
    }),
    toolbar: ({ selected }) =>
      perms.has('system:role:grant') && (
        <Button
          icon={<KeyRegular />}
          onClick={() => (selected.length ? setGranting(selected) : notify.warning(say('selectAtLeastOne')))}
        >
          {say(grantLabel)}
        </Button>
      ),
    rowActions: (row) =>
      perms.has('system:role:grant') && (
        <Button
          size="small"
          appearance="transparent"
          icon={<KeyRegular />}
          onClick={() => setGranting([row])}
          data-testid="row-grant"
        >
          {say(grantLabel)}
        </Button>
      ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {granting && <GrantDialog roles={granting} onClose={() => setGranting(null)} />}
    </>
  )
}
