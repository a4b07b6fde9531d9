import { Badge, Button } from '@fluentui/react-components'
import { CheckmarkRegular, KeyResetRegular, LockOpenRegular, PeopleTeamRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import FormDialog from '../../shared/resource/FormDialog'
import { userFields } from '../../../../db/fields/system'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { useConfirm } from '../../shared/useConfirm'
import DeptFilter from './DeptFilter'
import { L } from './fields'

const rolesFields = screenFields(userFields, { roleId: {} })

const fields = screenFields(userFields, {
  account: { search: true, addOnly: true },
  password: { list: false, view: false, addOnly: true },
  realName: { search: true },
  name: { list: false },
  roleId: { list: false },
  roleName: { label: L('角色', 'Roles'), form: false },
  deptId: { list: false },
  deptName: { label: L('机构', 'Department'), form: false },
  postId: { list: false },
  phone: {},
  email: { list: false },
  sex: { list: false },
  birthday: { list: false },
  status: { search: true, width: 100 },
  locked: { form: false, width: 80 },
})

/** Users: department tree on the left; reset password, unlock, approve and assign roles. */
export default function User() {
  const say = useSay()
  const perms = usePermissions()
  const { confirm, dialog } = useConfirm()
  const [assigning, setAssigning] = useState<Row[] | null>(null)

  const act = async (path: string, ids: string[], question: string | null) => {
    if (!ids.length) return notify.warning(say('selectAtLeastOne'))
    if (question && !(await confirm(question))) return
    await write(`/api/blade-system/user/${path}`, { body: { userIds: ids.join(','), ids: ids.join(',') } })
    notify.success(say('operationSuccessful'))
  }
  const ids = (rows: Row[]) => rows.map((r) => String(r.id))
  const resetText = say(L('确定将选择账号密码重置为初始密码?', 'reset the selected accounts to the initial password?'))

  const screen: ResourceScreen = {
    base: '/api/blade-system/user',
    perm: 'system:user',
    title: L('用户管理', 'Users'),
    fields,
    side: (setFilter, filters) => <DeptFilter value={filters.deptId} onChange={(d) => setFilter('deptId', d)} />,
    toolbar: (ctx) => (
      <>
        {perms.has('system:user:grant') && (
          <Button
            icon={<PeopleTeamRegular />}
            onClick={() => (ctx.selected.length ? setAssigning(ctx.selected) : notify.warning(say('selectAtLeastOne')))}
          >
            {say(L('角色配置', 'Assign roles'))}
          </Button>
        )}
        {perms.has('system:user:reset') && (
          <Button icon={<KeyResetRegular />} onClick={() => void act('reset-password', ids(ctx.selected), resetText)}>
            {say(L('密码重置', 'Reset password'))}
          </Button>
        )}
      </>
    ),
    rowActions: (row) => (
      <>
        {row.status === 0 && perms.has('system:user:edit') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<CheckmarkRegular />}
            onClick={() => void act('audit-pass', [String(row.id)], null)}
            data-testid="row-approve"
          >
            {say(L('审核通过', 'Approve'))}
          </Button>
        )}
        {row.locked === 1 && perms.has('system:user:unlock') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<LockOpenRegular />}
            onClick={() => void act('unlock', [String(row.id)], null)}
            data-testid="row-unlock"
          >
            {say(L('解锁', 'Unlock'))}
          </Button>
        )}
        {row.status === 0 && (
          <Badge appearance="tint" color="warning">
            {say(L('待审核', 'Pending'))}
          </Badge>
        )}
      </>
    ),
  }

  const saveRoles = async (v: Row) => {
    await write('/api/blade-system/user/grant', {
      body: { userIds: ids(assigning!).join(','), roleIds: String(v.roleId ?? '') },
    })
    notify.success(say('operationSuccessful'))
    setAssigning(null)
  }

  return (
    <>
      <ResourcePage screen={screen} />
      {assigning && (
        <FormDialog
          mode="edit"
          title={say(L('角色配置', 'Assign roles'))}
          fields={rolesFields}
          initial={{ roleId: assigning.length === 1 ? assigning[0].roleId : '' }}
          onSubmit={saveRoles}
          onClose={() => setAssigning(null)}
        />
      )}
      {dialog}
    </>
  )
}
