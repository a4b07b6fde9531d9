import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Textarea,
} from '@fluentui/react-components'
import { useCallback, useRef, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import '../locale'

interface Question {
  title: string
  /** Terminating needs a reason (the server answers 400 without one); deleting takes one if given. */
  required: boolean
}

/**
 * Asks for the reason of a terminate or a delete before it is sent: resolves with the text, or null when cancelled.
 * Like useConfirm, the screen renders `dialog` once and awaits `ask`.
 */
export function useReason(): {
  ask: (title: string, required: boolean) => Promise<string | null>
  dialog: ReactElement
} {
  const { t } = useTranslation('workflow')
  const [question, setQuestion] = useState<Question | null>(null)
  const [text, setText] = useState('')
  const [tried, setTried] = useState(false)
  const resolver = useRef<(v: string | null) => void>(() => {})
  const ask = useCallback(
    (title: string, required: boolean) =>
      new Promise<string | null>((resolve) => {
        resolver.current = resolve
        setText('')
        setTried(false)
        setQuestion({ title, required })
      }),
    [],
  )
  const answer = (v: string | null) => {
    setQuestion(null)
    resolver.current(v)
  }
  const missing = !!question?.required && !text.trim()
  const dialog = (
    <Dialog open={question !== null} onOpenChange={(_, d) => !d.open && answer(null)}>
      <DialogSurface style={{ maxWidth: 460 }} data-testid="reason-dialog">
        <DialogBody>
          <DialogTitle>{question?.title}</DialogTitle>
          <DialogContent>
            <Field
              label={t('ops.reason')}
              required={question?.required}
              validationMessage={tried && missing ? t('ops.reasonRequired') : undefined}
            >
              <Textarea
                value={text}
                onChange={(_, d) => setText(d.value)}
                maxLength={500}
                resize="vertical"
                data-testid="reason-text"
              />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button
              appearance="primary"
              data-testid="reason-ok"
              onClick={() => {
                setTried(true)
                if (!missing) answer(text.trim())
              }}
            >
              {t('common:ok')}
            </Button>
            <Button onClick={() => answer(null)}>{t('common:cancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
  return { ask, dialog }
}
