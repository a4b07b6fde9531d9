import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Option,
} from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFetch } from '../../shared/data'
import { refreshNow } from './token-refresh'
import { menuStore } from './menu-store'

interface Info {
  all_dept_id: string
  all_role_id: string
  dept_id: string
  role_id: string
}
interface Named {
  id: string
  name: string
}

/**
 * Department and role switch (behind siteConfig.switchMode): re-issues the
 * token for one of the user's own departments and roles; both are required.
 */
export default function SwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell')
  const { t: c } = useTranslation()
  const info = useFetch<Info>('/api/blade-auth/oauth/user-info', undefined, { enabled: open, staleTime: 0 }).data
  const allDepts = useFetch<{ id: string; deptName: string }[]>('/api/blade-system/dept/select', undefined, {
    enabled: open,
    silent: true,
  }).data
  const allRoles = useFetch<{ id: string; roleName: string }[]>('/api/blade-system/role/select', undefined, {
    enabled: open,
    silent: true,
  }).data
  const mine = (csv = '') => csv.split(',').filter(Boolean)
  const depts: Named[] = mine(info?.all_dept_id).map((id) => ({
    id,
    name: allDepts?.find((x) => x.id === id)?.deptName ?? id,
  }))
  const roles: Named[] = mine(info?.all_role_id).map((id) => ({
    id,
    name: allRoles?.find((x) => x.id === id)?.roleName ?? id,
  }))
  // Until the user chooses, the current department and role are selected.
  const [choice, setChoice] = useState<{ deptId?: string; roleId?: string }>({})
  const deptId = choice.deptId ?? mine(info?.dept_id)[0] ?? ''
  const roleId = choice.roleId ?? mine(info?.role_id)[0] ?? ''
  const setDeptId = (id: string) => setChoice((c) => ({ ...c, deptId: id }))
  const setRoleId = (id: string) => setChoice((c) => ({ ...c, roleId: id }))
  const [errors, setErrors] = useState<{ dept?: string; role?: string }>({})
  const close = () => {
    setChoice({})
    onClose()
  }

  const submit = async () => {
    const e = {
      dept: deptId ? undefined : t('switch.deptRequired'),
      role: roleId ? undefined : t('switch.roleRequired'),
    }
    setErrors(e)
    if (e.dept || e.role) return
    if (await refreshNow({ deptId, roleId })) {
      await menuStore.reload()
      close()
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(_, d) => {
        if (!d.open) close()
      }}
    >
      <DialogSurface style={{ maxWidth: 440 }}>
        <DialogBody>
          <DialogTitle>{t('switch.title')}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Field label={t('switch.dept')} required validationMessage={errors.dept}>
              <Dropdown
                value={depts.find((d) => d.id === deptId)?.name ?? ''}
                selectedOptions={[deptId]}
                onOptionSelect={(_, d) => setDeptId(d.optionValue ?? '')}
              >
                {depts.map((d) => (
                  <Option key={d.id} value={d.id}>
                    {d.name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t('switch.role')} required validationMessage={errors.role}>
              <Dropdown
                value={roles.find((r) => r.id === roleId)?.name ?? ''}
                selectedOptions={[roleId]}
                onOptionSelect={(_, d) => setRoleId(d.optionValue ?? '')}
              >
                {roles.map((r) => (
                  <Option key={r.id} value={r.id}>
                    {r.name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{c('cancel')}</Button>
            <Button appearance="primary" onClick={submit}>
              {c('ok')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
