import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
  type InputProps,
} from '@fluentui/react-components'
import md5 from 'md5'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { api, ApiFailure } from '../../shared/api'
import { CaptchaField, useCaptcha } from '../../login/Captcha'
import { useHostTenant } from '../../login/host-tenant'
import { useLoginOptions } from '../../login/login-options'
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
  // The host name may identify the school; then its field is hidden and filled.
  const hostTenant = useHostTenant(open).tenant?.tenantId ?? null
  const {
    register: input,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting: busy },
  } = useForm<RegisterForm & { code: string }>({
    // The caller mounts the dialog for each opening, so it starts empty (with the provider's name, when given).
    defaultValues: { ...EMPTY, name: name ?? '', code: '' },
    // The spec's checks are one tested function (register-rules.ts) that reports the first problem.
    resolver: (form) => {
      // In captcha mode the server refuses an application without one (each image answers once).
      const problem =
        registerProblem({ ...form, tenantId: hostTenant ?? form.tenantId }) ??
        (captchaMode && !form.code.trim() ? { field: 'code', key: 'login:captchaRequired' } : null)
      return problem
        ? { values: {}, errors: { [problem.field]: { type: 'validate', message: t(problem.key) } } }
        : { values: form, errors: {} }
    },
  })
  // Captcha mode is the server's setting for the tenant applied to (read at run time, no rebuild).
  const { captchaMode } = useLoginOptions(hostTenant ?? watch('tenantId'))
  const { captcha, reload: reloadCaptcha, headers: captchaHeaders } = useCaptcha(captchaMode)
  const [done, setDone] = useState(false)

  const submit = handleSubmit(async (form) => {
    try {
      await api.post(
        '/api/blade-system/user/register-guest',
        {
          tenantId: (hostTenant ?? form.tenantId).trim(),
          name: form.name.trim(),
          account: form.account.trim(),
          password: md5(form.password),
          oauthId,
        },
        undefined,
        { silent: true, headers: captchaHeaders(form.code) },
      )
      setDone(true)
    } catch (e) {
      reloadCaptcha()
      const text = e instanceof ApiFailure && e.message ? e.message : t('common:submitFailed')
      const named = e instanceof ApiFailure ? e.field : undefined
      const field =
        named === 'captcha' ? 'code' : named && named in EMPTY ? (named as keyof RegisterForm) : 'root.server'
      setError(field, { type: 'server', message: text })
      notify.error(text)
    }
  })

  function finish() {
    session.clear()
    onClose()
  }

  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_, d) => {
        if (d.open) return
        if (done) finish()
        else onClose()
      }}
    >
      <DialogSurface className={s.surface} data-testid="register-dialog">
        <DialogBody>
          <DialogTitle>{t(oauthId ? 'register.title' : 'register.staffTitle')}</DialogTitle>
          <DialogContent>
            {done ? (
              <MessageBar intent="success" data-testid="register-pending">
                <MessageBarBody>{t('register.pending')}</MessageBarBody>
              </MessageBar>
            ) : (
              <form className={s.form} onSubmit={(e) => void submit(e)} noValidate>
                <MessageBar intent="info">
                  <MessageBarBody>{t(oauthId ? 'register.intro' : 'register.staffIntro')}</MessageBarBody>
                </MessageBar>
                {errors.root?.server && (
                  <MessageBar intent="error">
                    <MessageBarBody>{errors.root.server.message}</MessageBarBody>
                  </MessageBar>
                )}
                {!hostTenant && (
                  <Field label={t('register.tenantId')} required validationMessage={errors.tenantId?.message}>
                    <Input {...input('tenantId')} data-testid="register-tenant" />
                  </Field>
                )}
                <Field label={t('register.name')} validationMessage={errors.name?.message}>
                  <Input {...input('name')} data-testid="register-name" />
                </Field>
                <Field label={t('register.account')} required validationMessage={errors.account?.message}>
                  <Input {...input('account')} data-testid="register-account" autoComplete="username" />
                </Field>
                <Field label={t('register.password')} required validationMessage={errors.password?.message}>
                  <Input
                    type="password"
                    {...input('password')}
                    data-testid="register-password"
                    autoComplete="new-password"
                  />
                </Field>
                <Field label={t('register.password2')} required validationMessage={errors.password2?.message}>
                  <Input
                    type="password"
                    {...input('password2')}
                    data-testid="register-password2"
                    autoComplete="new-password"
                  />
                </Field>
                <CaptchaField
                  on={captchaMode}
                  captcha={captcha}
                  reload={reloadCaptcha}
                  error={errors.code?.message}
                  input={{ ...input('code'), 'data-testid': 'register-captcha' } as InputProps}
                />
                <button type="submit" hidden />
              </form>
            )}
          </DialogContent>
          <DialogActions>
            {done ? (
              <Button appearance="primary" onClick={finish} data-testid="register-finish">
                {t('common:ok')}
              </Button>
            ) : (
              <>
                <Button
                  appearance="primary"
                  onClick={(e) => void submit(e)}
                  disabled={busy}
                  icon={busy ? <Spinner size="tiny" /> : undefined}
                  data-testid="register-submit"
                >
                  {t('register.submit')}
                </Button>
                <Button onClick={onClose}>{t('common:cancel')}</Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
