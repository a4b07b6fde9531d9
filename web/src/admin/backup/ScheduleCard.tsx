import { Body1, Button, Card, Field, Input, makeStyles, tokens } from '@fluentui/react-components'
import { EditRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiFailure } from '../../shared/api'
import { useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'

interface Settings {
  time: string
  keep: number
  lastBackup: { name: string; createdAt: string; ageHours: number } | null
}

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
})

/** The nightly schedule (time of day, how many to keep) and the age of the newest backup; editable by who holds system:backup:edit. */
export function ScheduleCard({ base, canEdit }: { base: string; canEdit: boolean }) {
  const { t } = useTranslation('backup')
  const s = useStyles()
  const { data: settings } = useFetch<Settings>(`${base}/settings`, undefined, { silent: true })
  const [draft, setDraft] = useState<{ time: string; keep: string } | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})

  const save = async () => {
    if (!draft) return
    setErrors({})
    try {
      // Silent: a refusal names its field, shown under that input rather than as a toast.
      await write(`${base}/settings`, { body: { time: draft.time, keep: Number(draft.keep) }, silent: true })
      notify.success(t('saved'))
      setDraft(null)
    } catch (e) {
      if (e instanceof ApiFailure && e.field) setErrors({ [e.field]: e.message })
      else if (e instanceof ApiFailure) notify.error(e.message)
    }
  }

  if (!settings) return null
  return (
    <Card data-testid="backup-schedule">
      {draft ? (
        <div className={s.row}>
          <Field label={t('time')} validationMessage={errors.time}>
            <Input
              value={draft.time}
              onChange={(_, d) => setDraft({ ...draft, time: d.value })}
              placeholder="02:30"
              data-testid="backup-time"
            />
          </Field>
          <Field label={t('keep')} validationMessage={errors.keep}>
            <Input
              type="number"
              value={draft.keep}
              onChange={(_, d) => setDraft({ ...draft, keep: d.value })}
              data-testid="backup-keep"
            />
          </Field>
          <Button appearance="primary" onClick={() => void save()} data-testid="backup-schedule-save">
            {t('save')}
          </Button>
          <Button
            onClick={() => {
              setDraft(null)
              setErrors({})
            }}
          >
            {t('cancel')}
          </Button>
        </div>
      ) : (
        <div className={s.row}>
          <Body1>
            {t('schedule', { time: settings.time, keep: settings.keep })}{' '}
            {settings.lastBackup
              ? t('last', { at: settings.lastBackup.createdAt, hours: settings.lastBackup.ageHours })
              : t('never')}
          </Body1>
          {canEdit && (
            <Button
              size="small"
              icon={<EditRegular />}
              onClick={() => setDraft({ time: settings.time, keep: String(settings.keep) })}
              data-testid="backup-schedule-edit"
            >
              {t('edit')}
            </Button>
          )}
        </div>
      )}
    </Card>
  )
}
