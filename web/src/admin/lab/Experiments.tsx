import { Button } from '@fluentui/react-components'
import { PeopleAddRegular, TaskListLtrRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { experimentFields } from '../../../../db/fields/lab'
import { screenFields } from '../../shared/resource/fields'
import { L } from '../system/fields'
import UserPicker from '../widgets/UserPicker'
import StepsDialog from './StepsDialog'
import '../../portal/lab/locale'

/** Experiments: what learners open a lab for (environment, manual, timing), their steps and who is enrolled. */
export default function Experiments() {
  const { t } = useTranslation('lab')
  const perms = usePermissions()
  const [steps, setSteps] = useState<Row | null>(null)
  const [enrol, setEnrol] = useState<Row | null>(null)
  const screen: ResourceScreen = {
    base: '/api/hm-experiment/experiment',
    perm: 'lab:experiment',
    title: L('实验管理', 'Experiments'),
    fields: screenFields(experimentFields, {
      title: { search: true },
      cover: { width: 90 },
      imagesName: { width: 180 },
      folders: { list: false },
      wareName: { list: false, span: 24 },
      videoWareName: { list: false },
      env: { list: false },
      durationMinutes: { width: 100 },
      renewMinutes: { list: false },
      maxRenewals: { list: false },
      idleMinutes: { list: false },
      status: { width: 90 },
      remark: { list: false },
      createTime: { form: false, width: 170 },
    }),
    rowActions: (row) => (
      <>
        {perms.has('lab:experiment:step') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<TaskListLtrRegular />}
            onClick={() => setSteps(row)}
            data-testid="row-steps"
          >
            {t('experiment.steps')}
          </Button>
        )}
        {perms.has('lab:experiment:enrol') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<PeopleAddRegular />}
            onClick={() => setEnrol(row)}
            data-testid="row-enrol"
          >
            {t('experiment.enrol')}
          </Button>
        )}
      </>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {steps && (
        <StepsDialog experimentId={String(steps.id)} title={String(steps.title)} onClose={() => setSteps(null)} />
      )}
      <UserPicker
        open={!!enrol}
        multiple
        url="/api/blade-user/user-list"
        onClose={() => setEnrol(null)}
        onConfirm={async (users) => {
          const row = enrol
          setEnrol(null)
          if (!row || !users.length) return
          const r = await write<{ added: number }>('/api/blade-experimentUser/experimentUser/addExperimentUser', {
            body: { experimentId: row.id, userIds: users.map((u) => u.id) },
          })
          notify.success(t('experiment.enrolled', { n: r.added }))
        }}
      />
    </>
  )
}
