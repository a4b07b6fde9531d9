import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, Spinner,
  makeStyles, tokens,
} from '@fluentui/react-components'
import md5 from 'md5'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, ApiFailure } from '../../shared/api'
import { notify } from '../../shared/notify'
import { session } from '../../shared/session'
import './locale'
import { registerProblem, type RegisterForm } from './register-rules'

export interface RegisterDialogProps {
  open: boolean
  /** The third-party identity to link (the token response's oauth_id). */
  oauthId: string
  /** Called after the user was signed out (success) or dismissed the dialog. */
  onClose: () => void
  /** Prefill, e.g. the name the third-party provider gave. */
  name?: string
}

const useStyles = makeStyles({
  surface: { maxWidth: '480px' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
})

const EMPTY: RegisterForm = { tenantId: '', name: '', account: '', password: '', password2: '' }

/**
 * "Account registration" for a third-party-login user without a local
 * account. The tenant field is hidden when the host name identifies the
 * tenant. A successful application awaits an administrator's approval, so
 * the user is told so and signed out.
 */
export default function RegisterDialog({ open, oauthId, onClose, name }: RegisterDialogProps) {
  const { t } = useTranslation('widgets')
  const s = useStyles()
  const [form, setForm] = useState<RegisterForm>(EMPTY)
  const [hostTenant, setHostTenant] = useState<string | null>(null)
  const [error, setError] = useState<{ field: keyof RegisterForm | 'form'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)

  useEffect(() => {
    if (!open) return
    setForm({ ...EMPTY, name: name ?? '' })
    setError(null)
    setDone(false)
    api.get<{ tenantId?: string } | null>('/api/blade-system/tenant/info', { domain: location.hostname }, { silent: true })
      .then((d) => setHostTenant(d?.tenantId || null), () => setHostTenant(null))
  }, [open, name])

  const values = { ...form, tenantId: hostTenant ?? form.tenantId }
  const set = (k: keyof RegisterForm) => (_: unknown, d: { value: string }) => {
    setForm((f) => ({ ...f, [k]: d.value }))
    if (error?.field === k) setError(null)
  }
  const message = (k: keyof RegisterForm) => (error?.field === k ? error.text : undefined)

  async function submit() {
    const problem = registerProblem(values)
    if (problem) return setError({ field: problem.field, text: t(problem.key) })
    setBusy(true)
    try {
      await api.post('/api/blade-system/user/register-guest', {
        tenantId: values.tenantId.trim(), name: values.name.trim(), account: values.account.trim(), password: md5(values.password), oauthId,
      }, undefined, { silent: true })
      setDone(true)
    } catch (e) {
      const text = e instanceof ApiFailure && e.message ? e.message : t('common:submitFailed')
      const field = e instanceof ApiFailure && e.field && e.field in EMPTY ? (e.field as keyof RegisterForm) : 'form'
      setError({ field, text })
      notify.error(text)
    } finally {
      setBusy(false)
    }
  }

  function finish() {
    session.clear()
    onClose()
  }

  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, d) => { if (!d.open) (done ? finish() : onClose()) }}>
      <DialogSurface className={s.surface} data-testid="register-dialog">
        <DialogBody>
          <DialogTitle>{t('register.title')}</DialogTitle>
          <DialogContent>
            {done ? (
              <MessageBar intent="success" data-testid="register-pending"><MessageBarBody>{t('register.pending')}</MessageBarBody></MessageBar>
            ) : (
              <form className={s.form} onSubmit={(e) => { e.preventDefault(); void submit() }} noValidate>
                <MessageBar intent="info"><MessageBarBody>{t('register.intro')}</MessageBarBody></MessageBar>
                {error?.field === 'form' && <MessageBar intent="error"><MessageBarBody>{error.text}</MessageBarBody></MessageBar>}
                {!hostTenant && (
                  <Field label={t('register.tenantId')} required validationMessage={message('tenantId')}>
                    <Input value={form.tenantId} onChange={set('tenantId')} data-testid="register-tenant" />
                  </Field>
                )}
                <Field label={t('register.name')} validationMessage={message('name')}>
                  <Input value={form.name} onChange={set('name')} data-testid="register-name" />
                </Field>
                <Field label={t('register.account')} required validationMessage={message('account')}>
                  <Input value={form.account} onChange={set('account')} data-testid="register-account" autoComplete="username" />
                </Field>
                <Field label={t('register.password')} required validationMessage={message('password')}>
                  <Input type="password" value={form.password} onChange={set('password')} data-testid="register-password" autoComplete="new-password" />
                </Field>
                <Field label={t('register.password2')} required validationMessage={message('password2')}>
                  <Input type="password" value={form.password2} onChange={set('password2')} data-testid="register-password2" autoComplete="new-password" />
                </Field>
                <button type="submit" hidden />
              </form>
            )}
          </DialogContent>
          <DialogActions>
            {done ? (
              <Button appearance="primary" onClick={finish} data-testid="register-finish">{t('common:ok')}</Button>
            ) : (
              <>
                <Button appearance="primary" onClick={submit} disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} data-testid="register-submit">{t('register.submit')}</Button>
                <Button onClick={onClose}>{t('common:cancel')}</Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
