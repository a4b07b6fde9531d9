import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field as FluentField, Spinner, makeStyles, tokens,
} from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { ApiFailure } from '../api'
import { CellOf } from './cells'
import { EditorOf } from './editors'
import type { Field, Row } from './schema'
import { useSay } from './text'
import { validate, type Errors } from './validate'

const useStyles = makeStyles({
  surface: { maxWidth: '860px', width: '92vw' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(24, 1fr)', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalM },
  view: { display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS },
  viewLabel: { color: tokens.colorNeutralForeground3 },
})

export type FormMode = 'add' | 'edit' | 'view'

/**
 * Add, edit and view in one dialog. The form checks first; a 400 from the
 * server that names a field is shown under that field, the dialog stays
 * open and nothing typed is lost.
 */
export default function FormDialog({ mode, title, fields, initial, onSubmit, onClose }: {
  mode: FormMode; title: string; fields: Field[]; initial: Row; onSubmit: (values: Row) => Promise<void>; onClose: () => void
}) {
  const s = useStyles()
  const say = useSay()
  const [values, setValues] = useState<Row>(initial)
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  useEffect(() => setValues(initial), [initial])
  const shown = fields.filter((f) => (mode === 'view' ? f.view !== false : f.form !== false))

  const submit = async () => {
    const problems = validate(shown, values, say)
    setErrors(problems)
    if (Object.keys(problems).length) return
    setBusy(true)
    try {
      await onSubmit(values)
    } catch (e) {
      if (e instanceof ApiFailure && e.field && shown.some((f) => f.name === e.field)) setErrors({ [e.field]: e.message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose() }}>
      <DialogSurface className={s.surface} data-testid="form-dialog">
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            {mode === 'view' ? (
              <div className={s.view}>
                {shown.map((f) => [<span key={`${f.name}-l`} className={s.viewLabel}>{say(f.label)}</span>, <span key={f.name}><CellOf field={f} row={values} /></span>])}
              </div>
            ) : (
              <div className={s.grid} onKeyDown={(e) => { if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') void submit() }}>
                {shown.map((f) => (
                  <FluentField key={f.name} label={say(f.label)} required={!!f.required} validationMessage={errors[f.name]} style={{ gridColumn: `span ${f.span ?? (['textarea', 'richtext', 'image', 'file'].includes(f.type ?? '') ? 24 : 12)}` }}>
                    <EditorOf field={f} value={values[f.name]} disabled={mode === 'edit' && f.addOnly} onChange={(v) => setValues((x) => ({ ...x, [f.name]: v }))} />
                  </FluentField>
                ))}
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say(mode === 'view' ? 'close' : 'cancel')}</Button>
            {mode !== 'view' && <Button appearance="primary" onClick={submit} disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} data-testid="form-submit">{say('submit')}</Button>}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
