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
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiFailure } from '../../shared/api'
import { invalidate, useFetch, useRemove, useSubmit } from '../../shared/data'
import { usePermissions } from '../../shared/permissions'
import { useConfirm } from '../../shared/useConfirm'
import '../../portal/lab/locale'

interface Step {
  id?: string
  experimentId: string
  title: string
  content: string | null
  sort: number
}

const BASE = '/api/hm-experimentStep/experimentStep'
const useStyles = makeStyles({
  row: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    padding: '8px 0',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  grow: { flex: 1, minWidth: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: '8px 0' },
})

/** An experiment's steps (hm-experimentStep getSteps / submit / remove), edited in place. */
export default function StepsDialog({
  experimentId,
  title,
  onClose,
}: {
  experimentId: string
  title: string
  onClose: () => void
}) {
  const s = useStyles()
  const { t } = useTranslation('lab')
  const perms = usePermissions()
  const may = perms.has('lab:experiment:step')
  const { confirm, dialog } = useConfirm()
  const { data } = useFetch<Step[]>(`${BASE}/getSteps`, { experimentId }, { staleTime: 0 })
  const { submit, isPending } = useSubmit<Step>(BASE)
  const { remove } = useRemove(BASE)
  const [edit, setEdit] = useState<Step | null>(null)
  const [error, setError] = useState<string | null>(null)
  const steps = data ?? []

  const save = async () => {
    if (!edit) return
    setError(null)
    try {
      await submit(edit)
      await invalidate(BASE)
      setEdit(null)
    } catch (e) {
      if (e instanceof ApiFailure && e.field === 'title') setError(e.message)
    }
  }
  const drop = async (st: Step) => {
    if (!(await confirm(t('experiment.removeConfirm')))) return
    await remove([st.id!])
  }

  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 720 }} data-testid="steps-dialog">
        <DialogBody>
          <DialogTitle>
            {t('experiment.steps')} · {title}
          </DialogTitle>
          <DialogContent>
            {steps.length === 0 && !edit && <Text>{t('experiment.noSteps')}</Text>}
            {steps.map((st, i) => (
              <div key={st.id} className={s.row}>
                <div className={s.grow}>
                  <Text weight="semibold" block>
                    {i + 1}. {st.title}
                  </Text>
                  <Text size={200}>{st.content}</Text>
                </div>
                {may && (
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<EditRegular />}
                    aria-label={t('experiment.edit')}
                    onClick={() => setEdit({ ...st })}
                  />
                )}
                {may && (
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={t('experiment.remove')}
                    onClick={() => void drop(st)}
                  />
                )}
              </div>
            ))}
            {edit && (
              <div className={s.form}>
                <Field
                  label={t('experiment.stepTitle')}
                  required
                  validationState={error ? 'error' : 'none'}
                  validationMessage={error ?? undefined}
                >
                  <Input
                    value={edit.title}
                    onChange={(_, d) => setEdit({ ...edit, title: d.value })}
                    data-testid="step-title"
                  />
                </Field>
                <Field label={t('experiment.stepContent')}>
                  <Textarea
                    rows={4}
                    value={edit.content ?? ''}
                    onChange={(_, d) => setEdit({ ...edit, content: d.value })}
                  />
                </Field>
                <div style={{ display: 'flex', gap: 8 }}>
                  <Button appearance="primary" disabled={isPending} onClick={() => void save()} data-testid="step-save">
                    {t('experiment.save')}
                  </Button>
                  <Button
                    onClick={() => {
                      setEdit(null)
                      setError(null)
                    }}
                  >
                    {t('experiment.cancel')}
                  </Button>
                </div>
              </div>
            )}
          </DialogContent>
          <DialogActions>
            {may && !edit && (
              <Button
                icon={<AddRegular />}
                onClick={() => setEdit({ experimentId, title: '', content: '', sort: steps.length + 1 })}
                data-testid="step-add"
              >
                {t('experiment.addStep')}
              </Button>
            )}
            <Button onClick={onClose}>{t('image.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
      {dialog}
    </Dialog>
  )
}
