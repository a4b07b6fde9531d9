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
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import md5 from 'md5'
import { useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { api, ApiFailure } from '../shared/api'
import { notify } from '../shared/notify'
import './locale'

const FORGOT = '/api/blade-auth/password/forgot'
const RESET = '/api/blade-auth/password/reset'

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
})

/**
 * "Forgot your password?": the account's school mails a one-time link (server/modules/mail/lost-password.ts). The
 * server answers alike whether or not the account exists or has an address, so the dialog says only that a link
 * was sent if there is somewhere to send it.
 */
export function ForgotPasswordDialog(p: { tenantId: string; account: string; onClose: () => void }) {
  const s = useStyles()
  const { t } = useTranslation('login')
  const [sent, setSent] = useState(false)
  // Held in state, not a form library's field: the dialog opens with the account typed on the sign-in page.
  const [account, setAccount] = useState(p.account)
  const [missing, setMissing] = useState(false)
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!account.trim()) return setMissing(true)
    setBusy(true)
    try {
      await api.post(FORGOT, { account: account.trim() }, undefined, { headers: { 'Tenant-Id': p.tenantId } })
      setSent(true)
    } catch (err) {
      // A refusal (too many asks, the field) was shown by the client; only a lost connection is left to say.
      if (!(err instanceof ApiFailure)) notify.error(t('networkError', { ns: 'common' }))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && p.onClose()}>
      <DialogSurface data-testid="forgot-dialog">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{t('forgotTitle')}</DialogTitle>
            <DialogContent className={s.body}>
              {sent ? (
                <MessageBar intent="success" data-testid="forgot-sent">
                  <MessageBarBody>{t('forgotSent')}</MessageBarBody>
                </MessageBar>
              ) : (
                <>
                  <span>{t('forgotHint')}</span>
                  <Field label={t('account')} required validationMessage={missing ? t('accountRequired') : undefined}>
                    <Input
                      value={account}
                      onChange={(_, d) => {
                        setAccount(d.value)
                        setMissing(false)
                      }}
                      autoComplete="username"
                      data-testid="forgot-account"
                    />
                  </Field>
                </>
              )}
            </DialogContent>
            <DialogActions>
              {!sent && (
                <Button type="submit" appearance="primary" disabled={busy} data-testid="forgot-submit">
                  {t('forgotSubmit')}
                </Button>
              )}
              <Button onClick={p.onClose}>{t(sent ? 'close' : 'cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}

/**
 * The mailed link (/login?resetToken=…): a new password twice, sent as the sign-in sends passwords (md5 hex). A
 * link that expired or was used is answered by the server; the person asks for a new one.
 */
export function ResetPasswordDialog(p: { token: string; onClose: (account?: string) => void }) {
  const s = useStyles()
  const { t } = useTranslation('login')
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({ defaultValues: { password: '', again: '' } })
  const submit = handleSubmit(async ({ password, again }) => {
    try {
      await api.post(RESET, { token: p.token, newPassword: md5(password), newPassword1: md5(again) })
      notify.success(t('resetDone'))
      p.onClose()
    } catch (e) {
      if (!(e instanceof ApiFailure)) notify.error(t('networkError', { ns: 'common' }))
    }
  })
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && p.onClose()}>
      <DialogSurface data-testid="reset-dialog">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{t('resetTitle')}</DialogTitle>
            <DialogContent className={s.body}>
              <Field label={t('newPassword')} required validationMessage={errors.password?.message}>
                <Input
                  type="password"
                  {...register('password', { required: t('passwordRequired') })}
                  autoComplete="new-password"
                  data-testid="reset-password"
                />
              </Field>
              <Field label={t('newPasswordAgain')} required validationMessage={errors.again?.message}>
                <Input
                  type="password"
                  {...register('again', { validate: (v) => v === getValues('password') || t('passwordMismatch') })}
                  autoComplete="new-password"
                  data-testid="reset-again"
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button type="submit" appearance="primary" disabled={isSubmitting} data-testid="reset-submit">
                {t('resetSubmit')}
              </Button>
              <Button onClick={() => p.onClose()}>{t('cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
