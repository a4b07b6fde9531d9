import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field as FluentField,
  Input,
  Text,
} from '@fluentui/react-components'
import DOMPurify from 'dompurify'
import { useState } from 'react'
import { L } from '../../../../db/fields/types'
import { write } from '../../shared/data'
import { useSay } from '../../shared/resource/text'

/**
 * A template as a recipient would get it: a value for each declared variable, rendered by the server exactly as
 * the outbox renders it (template/preview), the subject and the body shown — the body sanitised again before it
 * reaches the page, as the inbox shows mail.
 */
export default function PreviewDialog({
  id,
  variables,
  onClose,
}: {
  id: string
  variables: string | null | undefined
  onClose: () => void
}) {
  const say = useSay()
  const names = (variables ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const [values, setValues] = useState<Record<string, string>>(Object.fromEntries(names.map((n) => [n, n])))
  const [shown, setShown] = useState<{ subject: string; content: string }>()
  const [busy, setBusy] = useState(false)

  const render = async () => {
    setBusy(true)
    try {
      setShown(
        await write<{ subject: string; content: string }>('/api/blade-email/template/preview', {
          params: { id },
          body: { variables: values },
        }),
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onOpenChange={(_, d) => (d.open ? undefined : onClose())}>
      <DialogSurface style={{ maxWidth: 760 }} data-testid="preview-dialog">
        <DialogBody>
          <DialogTitle>{say(L('预览模板', 'Preview the template'))}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {names.map((n) => (
              <FluentField key={n} label={n}>
                <Input
                  value={values[n] ?? ''}
                  onChange={(_, d) => setValues((v) => ({ ...v, [n]: d.value }))}
                  data-testid={`preview-var-${n}`}
                />
              </FluentField>
            ))}
            {shown && (
              <div data-testid="preview-result" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
                <Text weight="semibold" data-testid="preview-subject">
                  {shown.subject}
                </Text>
                <div
                  data-testid="preview-content"
                  style={{ border: '1px solid #ddd', borderRadius: 4, padding: 12, maxHeight: 360, overflow: 'auto' }}
                  dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(shown.content) }}
                />
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('cancel')}</Button>
            <Button appearance="primary" disabled={busy} onClick={() => void render()} data-testid="preview-render">
              {say(L('预览', 'Preview'))}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
