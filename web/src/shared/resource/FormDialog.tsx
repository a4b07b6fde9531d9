import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field as FluentField,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import type { CSSProperties } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { ApiFailure } from '../api'
import { CellOf } from './cells'
import { EditorOf } from './editors'
import type { Field, Row } from './schema'
import { useSay } from './text'
import { fieldProblem } from './validate'

const useStyles = makeStyles({
  surface: { maxWidth: '860px', width: '92vw' },
  // minmax(0, 1fr): a column never grows past its share for an input's own width, which pushed the right-hand
  // fields off a phone's screen. Below 600 px every field takes the whole row, and the 23 gaps between the 24
  // columns (368 px, wider than a phone's dialog) go.
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(24, minmax(0, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    '@media (max-width: 600px)': { columnGap: 0 },
  },
  cell: {
    gridColumn: 'span var(--form-span)',
    minWidth: 0,
    '@media (max-width: 600px)': { gridColumn: 'span 24' },
  },
  view: {
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, max-content) 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
  },
  viewLabel: { color: tokens.colorNeutralForeground3 },
})

export type FormMode = 'add' | 'edit' | 'view'

const WIDE: Field['type'][] = ['textarea', 'richtext', 'image', 'file']

/**
 * Add, edit and view in one dialog. Form state and checks are react-hook-form's,
 * fed by the field schema (required, length, pattern, rules, with their
 * messages); a 400 from the server that names a field is shown under that
 * field, the dialog stays open and nothing typed is lost.
 */
export default function FormDialog({
  mode,
  title,
  fields,
  initial,
  onSubmit,
  onClose,
}: {
  mode: FormMode
  title: string
  fields: Field[]
  initial: Row
  onSubmit: (values: Row) => Promise<void>
  onClose: () => void
}) {
  const s = useStyles()
  const say = useSay()
  // `values` follows a new initial record (e.g. loaded after the dialog opened).
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Row>({ values: initial })
  const shown = fields.filter((f) => (mode === 'view' ? f.view !== false : f.form !== false))

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (e) {
      if (e instanceof ApiFailure && e.field && shown.some((f) => f.name === e.field))
        setError(e.field, { type: 'server', message: e.message }, { shouldFocus: true })
    }
  })

  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface className={s.surface} data-testid="form-dialog">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>
              {mode === 'view' ? (
                <div className={s.view}>
                  {shown.map((f) => [
                    <span key={`${f.name}-l`} className={s.viewLabel}>
                      {say(f.label)}
                    </span>,
                    <span key={f.name}>
                      <CellOf field={f} row={initial} />
                    </span>,
                  ])}
                </div>
              ) : (
                <div className={s.grid}>
                  {shown.map((f) => (
                    <Controller
                      key={f.name}
                      name={f.name}
                      control={control}
                      rules={{ validate: (v) => fieldProblem(f, v, say) ?? true }}
                      render={({ field }) => (
                        <FluentField
                          label={say(f.label)}
                          required={!!f.required}
                          validationMessage={errors[f.name]?.message as string | undefined}
                          className={s.cell}
                          style={{ '--form-span': f.span ?? (WIDE.includes(f.type) ? 24 : 12) } as CSSProperties}
                        >
                          <EditorOf
                            field={f}
                            value={field.value}
                            disabled={mode === 'edit' && f.addOnly}
                            onChange={field.onChange}
                          />
                        </FluentField>
                      )}
                    />
                  ))}
                </div>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{say(mode === 'view' ? 'close' : 'cancel')}</Button>
              {mode !== 'view' && (
                <Button
                  type="submit"
                  appearance="primary"
                  disabled={isSubmitting}
                  icon={isSubmitting ? <Spinner size="tiny" /> : undefined}
                  data-testid="form-submit"
                >
                  {say('submit')}
                </Button>
              )}
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
