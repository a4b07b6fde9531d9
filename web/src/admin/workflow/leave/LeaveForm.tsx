import { Button, Card, Field, Input, Spinner, Title3, makeStyles, tokens } from '@fluentui/react-components'
import { PersonRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router-dom'
import { ApiFailure } from '../../../shared/api'
import { notify } from '../../../shared/notify'
import type { Row } from '../../../shared/resource/schema'
import { useSay } from '../../../shared/resource/text'
import { fieldProblem } from '../../../shared/resource/validate'
import UserPicker, { chosenNames, type PickedUser } from '../../widgets/UserPicker'
import { workflowApi } from '../api'
import FormFields from '../work/FormFields'
import { leaveFormFields } from './leave-fields'
import '../locale'

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    maxWidth: '900px',
  },
  manager: { display: 'flex', gap: tokens.spacingHorizontalS },
})

/**
 * The leave sample's application (spec §2 /work/process/leave/form/:processDefinitionId): dates, days, reason and
 * the approving manager; submitting starts the process (blade-desk/process/leave/start-process).
 */
export default function LeaveForm() {
  const s = useStyles()
  const say = useSay()
  const { t } = useTranslation('workflow')
  const navigate = useNavigate()
  const { processDefinitionId = '' } = useParams()
  const [values, setValues] = useState<Row>({})
  const [manager, setManager] = useState<PickedUser | null>(null)
  const [picking, setPicking] = useState(false)
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    const found = Object.fromEntries(leaveFormFields.map((f) => [f.name, fieldProblem(f, values[f.name], say)]))
    if (!found.endTime && values.startTime && values.endTime && String(values.endTime) < String(values.startTime))
      found.endTime = t('leave.endBeforeStart')
    if (!manager) found.taskUser = t('process.pickUser')
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    setBusy(true)
    try {
      await workflowApi.startLeave({ processDefinitionId, ...values, taskUser: manager!.id })
      notify.success(t('leave.submitted'))
      navigate('/work/send')
    } catch (e) {
      if (e instanceof ApiFailure && e.field) setErrors({ [e.field]: e.message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card className={s.card}>
      <Title3>{t('leave.title')}</Title3>
      <FormFields
        fields={leaveFormFields}
        values={values}
        errors={errors}
        onChange={(name, v) => {
          setValues((old) => ({ ...old, [name]: v }))
          // A field being corrected no longer shows the message of the last try.
          setErrors((old) => ({ ...old, [name]: undefined }))
        }}
      />
      <Field label={t('leave.manager')} required validationMessage={errors.taskUser}>
        <div className={s.manager}>
          <Input readOnly value={manager ? chosenNames([manager]) : ''} data-testid="leave-manager" />
          <Button icon={<PersonRegular />} onClick={() => setPicking(true)} data-testid="leave-pick-manager">
            {t('leave.pickManager')}
          </Button>
        </div>
      </Field>
      <div>
        <Button
          appearance="primary"
          disabled={busy}
          icon={busy ? <Spinner size="tiny" /> : undefined}
          onClick={() => void submit()}
          data-testid="leave-submit"
        >
          {t('process.submit')}
        </Button>
      </div>
      <UserPicker
        open={picking}
        url="/api/blade-user/user-list"
        value={manager ? [manager] : []}
        onClose={() => setPicking(false)}
        onConfirm={(users) => {
          setPicking(false)
          setManager(users[0] ?? null)
          setErrors((old) => ({ ...old, taskUser: undefined }))
        }}
      />
    </Card>
  )
}
