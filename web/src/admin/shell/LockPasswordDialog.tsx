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
} from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LOCK_DELAY_MS, lockStore } from './lock-store'

/** Sets the lock password (required) and locks; the shell then shows /lock after the spec's 100 ms. */
export default function LockPasswordDialog({
  open,
  onClose,
  onLocked,
}: {
  open: boolean
  onClose: () => void
  onLocked: () => void
}) {
  const { t } = useTranslation('shell')
  const { t: c } = useTranslation()
  const [password, setPassword] = useState('')
  const [error, setError] = useState('')
  const submit = () => {
    if (!password) return setError(t('lockDialog.required'))
    lockStore.setPassword(password)
    setPassword('')
    setError('')
    onClose()
    lockStore.lock()
    setTimeout(onLocked, LOCK_DELAY_MS)
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 420 }}>
        <DialogBody>
          <DialogTitle>{t('lockDialog.title')}</DialogTitle>
          <DialogContent>
            <Field label={t('lockDialog.password')} required validationMessage={error || undefined}>
              <Input
                type="password"
                value={password}
                autoFocus
                onChange={(_, d) => setPassword(d.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') submit()
                }}
                data-testid="lock-password"
              />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{c('cancel')}</Button>
            <Button appearance="primary" onClick={submit} data-testid="lock-submit">
              {t('lockDialog.submit')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
