import { Button } from '@fluentui/react-components'
import { PeopleAddRegular, TaskListLtrRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { L, createTimeField, need, remarkField, statusField } from '../system/fields'
import UserPicker from '../widgets/UserPicker'
import StepsDialog from './StepsDialog'
import '../../lab/locale'

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
    fields: [
      { name: 'title', label: L('标题', 'Title'), search: true, required: need('请输入标题', 'please enter a title') },
      { name: 'cover', label: L('封面', 'Cover'), type: 'image', upload: { accept: ['jpeg', 'jpg', 'png'], maxKB: 5000, max: 3, kind: 'image' }, width: 90 },
      { name: 'imagesName', label: L('实验镜像', 'Environment'), type: 'tree', tree: { url: '/api/hm-images/images/list', params: { size: '200' }, label: 'title' }, required: need('请选择实验镜像', 'please choose the lab environment'), width: 180 },
      { name: 'folders', label: L('代码目录', 'Code folder'), list: false },
      { name: 'wareName', label: L('实验手册（Markdown）', 'Manual (Markdown)'), type: 'textarea', list: false, span: 24 },
      { name: 'videoWareName', label: L('演示视频', 'Demo video'), type: 'file', upload: { accept: ['mp4', 'webm'], maxKB: 102400, max: 1, kind: 'courseware' }, list: false },
      { name: 'env', label: L('环境变量（每行 KEY=value）', 'Environment (KEY=value per line)'), type: 'textarea', list: false },
      { name: 'durationMinutes', label: L('时长（分钟）', 'Duration (min)'), type: 'number', default: 60, width: 100 },
      { name: 'renewMinutes', label: L('每次续期（分钟）', 'Extension (min)'), type: 'number', default: 30, list: false },
      { name: 'maxRenewals', label: L('最多续期次数', 'Max extensions'), type: 'number', default: 3, list: false },
      { name: 'idleMinutes', label: L('空闲停止（分钟，0 为不停止）', 'Idle stop (min, 0 = never)'), type: 'number', default: 15, list: false },
      statusField,
      remarkField,
      createTimeField,
    ],
    rowActions: (row) => (
      <>
        {perms.has('lab:experiment:step') && <Button size="small" appearance="transparent" icon={<TaskListLtrRegular />} onClick={() => setSteps(row)} data-testid="row-steps">{t('experiment.steps')}</Button>}
        {perms.has('lab:experiment:enrol') && <Button size="small" appearance="transparent" icon={<PeopleAddRegular />} onClick={() => setEnrol(row)} data-testid="row-enrol">{t('experiment.enrol')}</Button>}
      </>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {steps && <StepsDialog experimentId={String(steps.id)} title={String(steps.title)} onClose={() => setSteps(null)} />}
      <UserPicker open={!!enrol} multiple url="/api/blade-user/user-list" onClose={() => setEnrol(null)} onConfirm={async (users) => {
        const row = enrol
        setEnrol(null)
        if (!row || !users.length) return
        const r = await write<{ added: number }>('/api/blade-experimentUser/experimentUser/addExperimentUser', { body: { experimentId: row.id, userIds: users.map((u) => u.id) } })
        notify.success(t('experiment.enrolled', { n: r.added }))
      }} />
    </>
  )
}
