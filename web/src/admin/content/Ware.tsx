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
import { wareFields, wareStepFields } from '../../../../db/fields/course'
import { screenFields } from '../../shared/resource/fields'
import { L } from '../system/fields'

const BASE = '/api/hm-courseWare/courseWare'
const TRANSCODING = wareFields.transcodingStatus.options

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

/** The step editor of one courseware (type 4): its steps as their own list, in this dialog and on /courseWare/step. */
export function WareSteps({ wareId }: { wareId: string }) {
  const screen: ResourceScreen = {
    base: '/api/hm-wareStep/wareStep',
    listPath: 'getWareStep',
    perm: 'content:ware',
    title: L('实验步骤', 'Steps'),
    query: { wareId },
    tree: true,
    fields: screenFields(wareStepFields, { title: {}, content: {}, sort: { width: 80 } }),
  }
  return <ResourcePage screen={screen} />
}

function Steps({ ware, onClose }: { ware: Row; onClose: () => void }) {
  const say = useSay()
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
            <WareSteps wareId={String(ware.id)} />
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
    fields: screenFields(wareFields, {
      title: { search: true },
      screen: { search: true, width: 100 },
      type: { search: true, width: 110 },
      fileAddress: { list: false },
      content: { list: false },
      transcodingStatus: { form: false, width: 150 },
      playTime: { form: false, width: 90 },
      createTime: { form: false, width: 170 },
      remark: { list: false },
    }),
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
