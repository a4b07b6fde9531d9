import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  ProgressBar,
  Text,
} from '@fluentui/react-components'
import { ListRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useFetch } from '../../shared/data'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L, createTimeField, need, remarkField, sortField } from './fields'

const BASE = '/api/hm-courseWare/courseWare'
const TYPES = [
  { value: 1, label: L('文档', 'Document') },
  { value: 2, label: L('视频', 'Video') },
  { value: 3, label: L('Markdown', 'Markdown') },
  { value: 4, label: L('实验步骤', 'Experiment steps') },
]
const SCREENS = [
  { value: 1, label: L('课件', 'Course ware') },
  { value: 2, label: L('实验', 'Experiment') },
]
const TRANSCODING = [
  { value: 2, label: L('转码中', 'Waiting') },
  { value: 1, label: L('已转码', 'Transcoded') },
  { value: 0, label: L('转码失败', 'Failed') },
]

/** Live transcode progress of a video while it waits (polls every 2 s until it is done or failed). */
function Transcoding({ row }: { row: Row }) {
  const say = useSay()
  const waiting = row.transcodingStatus === 2
  const p = useFetch<{ transcodingStatus: number; progress: number; state: string | null; error: string | null }>(
    waiting ? `${BASE}/transcode-progress` : undefined,
    { id: row.id },
    { refetchInterval: (q) => (q.state.data?.transcodingStatus === 2 ? 2000 : false), silent: true },
  )
  if (row.type !== 2) return null
  const status = p.data?.transcodingStatus ?? row.transcodingStatus
  if (status === 2)
    return (
      <span
        data-testid="transcode-progress"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minWidth: 120 }}
      >
        <ProgressBar value={(p.data?.progress ?? 0) / 100} style={{ width: 80 }} />
        <Text size={200}>{p.data?.progress ?? 0}%</Text>
      </span>
    )
  return (
    <Text size={200} data-testid="transcode-status">
      {say(TRANSCODING.find((t) => t.value === status)?.label ?? L('', ''))}
    </Text>
  )
}

/** Experiment steps of one courseware (type 4), as their own list. */
function Steps({ ware, onClose }: { ware: Row; onClose: () => void }) {
  const say = useSay()
  const screen: ResourceScreen = {
    base: '/api/hm-wareStep/wareStep',
    listPath: 'getWareStep',
    perm: 'content:ware',
    title: L('实验步骤', 'Steps'),
    query: { wareId: String(ware.id) },
    tree: true,
    fields: [
      { name: 'title', label: L('步骤名称', 'Step'), required: need('请输入步骤名称', 'please enter the step name') },
      { name: 'content', label: L('步骤内容', 'Content'), type: 'richtext' },
      sortField,
    ],
  }
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 900, width: '95vw' }}>
        <DialogBody>
          <DialogTitle>{String(ware.title)}</DialogTitle>
          <DialogContent>
            <ResourcePage screen={screen} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** Courseware: documents, videos (transcoded by the job queue, progress shown), Markdown and experiment steps. */
export default function Ware() {
  const say = useSay()
  const [steps, setSteps] = useState<Row | null>(null)
  const screen: ResourceScreen = {
    base: BASE,
    perm: 'content:ware',
    title: L('课件管理', 'Courseware'),
    fields: [
      {
        name: 'title',
        label: L('课件名称', 'Name'),
        search: true,
        required: need('请输入课件名称', 'please enter the courseware name'),
      },
      {
        name: 'screen',
        label: L('场景', 'Scenario'),
        type: 'select',
        options: SCREENS,
        search: true,
        required: need('请选择场景', 'please select the scenario'),
        width: 100,
      },
      {
        name: 'type',
        label: L('课件类型', 'Type'),
        type: 'select',
        options: TYPES,
        search: true,
        required: need('请选择课件类型', 'please select the courseware type'),
        width: 110,
      },
      {
        name: 'fileAddress',
        label: L('课件文件', 'File'),
        type: 'file',
        list: false,
        upload: {
          accept: ['pdf', 'md', 'txt', 'docx', 'pptx', 'xlsx', 'mp4', 'webm', 'mov', 'mkv', 'avi', 'mp3', 'jpg', 'png'],
          maxKB: 100 * 1024,
          max: 1,
          kind: 'courseware',
        },
      },
      { name: 'content', label: L('Markdown 内容', 'Markdown'), type: 'textarea', list: false },
      {
        name: 'transcodingStatus',
        label: L('转码状态', 'Transcoding'),
        type: 'select',
        options: TRANSCODING,
        form: false,
        width: 150,
      },
      { name: 'playTime', label: L('时长（秒）', 'Length (s)'), form: false, width: 90 },
      createTimeField,
      remarkField,
    ],
    rowActions: (row) => (
      <>
        <Transcoding row={row} />
        {row.type === 4 && (
          <Button
            size="small"
            appearance="transparent"
            icon={<ListRegular />}
            onClick={() => setSteps(row)}
            data-testid="row-steps"
          >
            {say(L('步骤', 'Steps'))}
          </Button>
        )}
      </>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {steps && <Steps ware={steps} onClose={() => setSteps(null)} />}
    </>
  )
}
