import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  Option,
  SpinButton,
} from '@fluentui/react-components'
import { ArrowDownloadRegular, AddRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { api, type Page } from '../../shared/api'
import { useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { useListState } from '../../shared/resource/useListState'
import { cardFields } from '../../../../db/fields/course'
import { rangeProblem, rangeText } from '../../../../db/fields/types'
import { screenFields } from '../../shared/resource/fields'
import { L } from '../system/fields'

const BASE = '/api/hm-courseCard/courseCard'

/** A batch of N unguessable card numbers for one course. */
function Generate({ onClose }: { onClose: () => void }) {
  const say = useSay()
  const courses = useFetch<Page<Row>>('/api/hm-course/course/list', { size: 200 })
  const [v, setV] = useState<{ courseId?: string; count: number; expireTime: string }>({
    count: cardFields.count.default,
    expireTime: '',
  })
  const [err, setErr] = useState<Record<string, string>>({})
  const go = async () => {
    if (!v.courseId) return setErr({ courseId: say(cardFields.courseId.required) })
    if (rangeProblem(cardFields.count.range, v.count)) return setErr({ count: say(rangeText(cardFields.count)!) })
    const r = await write<{ batchNo: string; count: number }>(
      `${BASE}/generate`,
      { body: { ...v, expireTime: v.expireTime ? `${v.expireTime} 23:59:59` : '' } },
      { invalidates: [BASE] },
    )
    notify.success(`${say('operationSuccessful')} · ${r.batchNo} × ${r.count}`)
    onClose()
  }
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 480 }} data-testid="card-generate">
        <DialogBody>
          <DialogTitle>{say(L('生成激活卡', 'Generate cards'))}</DialogTitle>
          <DialogContent style={{ display: 'grid', gap: 12 }}>
            <Field label={say(cardFields.courseId.label)} required validationMessage={err.courseId}>
              <Dropdown
                value={String(courses.data?.records.find((c) => c.id === v.courseId)?.title ?? '')}
                selectedOptions={v.courseId ? [v.courseId] : []}
                onOptionSelect={(_, d) => setV({ ...v, courseId: d.optionValue })}
              >
                {(courses.data?.records ?? []).map((c) => (
                  <Option key={String(c.id)} value={String(c.id)}>
                    {String(c.title)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={say(cardFields.count.label)} required validationMessage={err.count}>
              <SpinButton
                min={cardFields.count.range.min}
                max={cardFields.count.range.max}
                value={v.count}
                onChange={(_, d) => setV({ ...v, count: d.value ?? Number(d.displayValue) })}
              />
            </Field>
            <Field label={say(L('有效期至', 'Valid until'))}>
              <Input type="date" value={v.expireTime} onChange={(_, d) => setV({ ...v, expireTime: d.value })} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('cancel')}</Button>
            <Button appearance="primary" onClick={() => void go()} data-testid="card-generate-ok">
              {say(L('生成', 'Generate'))}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** Activation cards: generate a batch, export the listed cards as CSV, statuses from activation_status. */
export default function Card() {
  const say = useSay()
  const perms = usePermissions()
  const [generating, setGenerating] = useState(false)
  const list = useListState(['cardNumber', 'batchNo', 'status'])
  const screen: ResourceScreen = {
    base: BASE,
    listPath: 'page',
    perm: 'content:card',
    title: L('激活卡', 'Activation cards'),
    actions: { add: false, edit: false },
    fields: screenFields(cardFields, {
      cardNumber: { search: true, width: 190 },
      courseName: { form: false },
      batchNo: { search: true, width: 150 },
      status: { search: true, width: 90 },
      usrName: { width: 100 },
      useTime: { width: 170 },
      expireTime: { width: 170 },
      createTime: { form: false, width: 170 },
    }),
    toolbar: () => (
      <>
        {perms.has('content:card:add') && (
          <Button
            appearance="primary"
            icon={<AddRegular />}
            onClick={() => setGenerating(true)}
            data-testid="card-generate-open"
          >
            {say(L('生成', 'Generate'))}
          </Button>
        )}
        {perms.has('content:card:export') && (
          <Button
            icon={<ArrowDownloadRegular />}
            onClick={() =>
              void api.download(`${BASE}/export`, list.filters, `cards-${list.filters.batchNo ?? 'all'}.csv`)
            }
          >
            {say(L('导出', 'Export'))}
          </Button>
        )}
      </>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {generating && <Generate onClose={() => setGenerating(false)} />}
    </>
  )
}
