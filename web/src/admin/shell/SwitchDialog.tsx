import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Option } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../shared/api'
import { refreshNow } from './token-refresh'
import { menuStore } from './menu-store'

interface Info { all_dept_id: string; all_role_id: string; dept_id: string; role_id: string }
interface Named { id: string; name: string }

/**
 * Department and role switch (behind siteConfig.switchMode): re-issues the
 * token for one of the user's own departments and roles; both are required.
 */
export default function SwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell')
  const { t: c } = useTranslation()
  const [depts, setDepts] = useState<Named[]>([])
  const [roles, setRoles] = useState<Named[]>([])
  const [deptId, setDeptId] = useState('')
  const [roleId, setRoleId] = useState('')
  const [errors, setErrors] = useState<{ dept?: string; role?: string }>({})

  useEffect(() => {
    if (!open) return
    void api.get<Info>('/api/blade-auth/oauth/user-info').then(async (info) => {
      const [d, r] = await Promise.all([
        api.get<{ id: string; deptName: string }[]>('/api/blade-system/dept/select').catch(() => []),
        api.get<{ id: string; roleName: string }[]>('/api/blade-system/role/select').catch(() => []),
      ])
      const mine = (csv: string) => csv.split(',').filter(Boolean)
      setDepts(mine(info.all_dept_id).map((id) => ({ id, name: d.find((x) => x.id === id)?.deptName ?? id })))
      setRoles(mine(info.all_role_id).map((id) => ({ id, name: r.find((x) => x.id === id)?.roleName ?? id })))
      setDeptId(info.dept_id.split(',')[0] ?? '')
      setRoleId(info.role_id.split(',')[0] ?? '')
    })
  }, [open])

  const submit = async () => {
    const e = { dept: deptId ? undefined : t('switch.deptRequired'), role: roleId ? undefined : t('switch.roleRequired') }
    setErrors(e)
    if (e.dept || e.role) return
    if (await refreshNow({ deptId, roleId })) {
      await menuStore.load(true)
      onClose()
    }
  }
  return (
    <Dialog open={open} onOpenChange={(_, d) => { if (!d.open) onClose() }}>
      <DialogSurface style={{ maxWidth: 440 }}>
        <DialogBody>
          <DialogTitle>{t('switch.title')}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Field label={t('switch.dept')} required validationMessage={errors.dept}>
              <Dropdown value={depts.find((d) => d.id === deptId)?.name ?? ''} selectedOptions={[deptId]} onOptionSelect={(_, d) => setDeptId(d.optionValue ?? '')}>
                {depts.map((d) => <Option key={d.id} value={d.id}>{d.name}</Option>)}
              </Dropdown>
            </Field>
            <Field label={t('switch.role')} required validationMessage={errors.role}>
              <Dropdown value={roles.find((r) => r.id === roleId)?.name ?? ''} selectedOptions={[roleId]} onOptionSelect={(_, d) => setRoleId(d.optionValue ?? '')}>
                {roles.map((r) => <Option key={r.id} value={r.id}>{r.name}</Option>)}
              </Dropdown>
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{c('cancel')}</Button>
            <Button appearance="primary" onClick={submit}>{c('ok')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
