import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { useCallback, useRef, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A promise-returning confirmation (the spec's "confirm …?" prompts):
 * `if (await confirm(text)) …`. Render `dialog` once in the component.
 */
export function useConfirm(): { confirm: (text: string) => Promise<boolean>; dialog: ReactElement } {
  const { t } = useTranslation('common')
  const [text, setText] = useState<string | null>(null)
  const resolver = useRef<(ok: boolean) => void>(() => {})
  const confirm = useCallback(
    (question: string) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve
        setText(question)
      }),
    [],
  )
  const answer = (ok: boolean) => {
    setText(null)
    resolver.current(ok)
  }
  const dialog = (
    <Dialog
      open={text !== null}
      modalType="alert"
      onOpenChange={(_, d) => {
        if (!d.open) answer(false)
      }}
    >
      <DialogSurface style={{ maxWidth: 420 }} data-testid="confirm-dialog">
        <DialogBody>
          <DialogTitle>{t('confirm')}</DialogTitle>
          <DialogContent>{text}</DialogContent>
          <DialogActions>
            <Button appearance="primary" data-testid="confirm-ok" onClick={() => answer(true)}>
              {t('ok')}
            </Button>
            <Button onClick={() => answer(false)}>{t('cancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
  return { confirm, dialog }
}
