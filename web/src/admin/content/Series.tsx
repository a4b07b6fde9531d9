import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Option,
  Text,
} from '@fluentui/react-components'
import { AddRegular, DeleteRegular, StackRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import type { Page } from '../../shared/api'
import { useFetch, write } from '../../shared/data'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { seriesFields } from '../../../../db/fields/course'
import { screenFields } from '../../shared/resource/fields'
import { L } from '../system/fields'

const LINKS = '/api/blade-courseSeries/courseSeries'

/** The courses of a series, in order: link another, unlink. */
function SeriesCourses({ series, onClose }: { series: Row; onClose: () => void }) {
  const say = useSay()
  const linked = useFetch<Row[]>(`${LINKS}/getCourseSeries`, { id: series.id })
  const courses = useFetch<Page<Row>>('/api/hm-course/course/list', { size: 200 })
  const [pick, setPick] = useState<string>()
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 640 }}>
        <DialogBody>
          <DialogTitle>{String(series.title)}</DialogTitle>
          <DialogContent style={{ display: 'grid', gap: 8 }}>
            {(linked.data ?? []).map((c, i) => (
              <div key={String(c.linkId)} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <Text weight="semibold">{i + 1}</Text>
                <Text style={{ flex: 1 }}>{String(c.title)}</Text>
                <Button
                  size="small"
                  icon={<DeleteRegular />}
                  onClick={() => void write(`${LINKS}/remove`, { params: { ids: c.linkId } }, { invalidates: [LINKS] })}
                >
                  {say('delete')}
                </Button>
              </div>
            ))}
            <div style={{ display: 'flex', gap: 8 }}>
              <Dropdown
                placeholder={say(L('选择课程', 'Choose a course'))}
                value={String(courses.data?.records.find((c) => c.id === pick)?.title ?? '')}
                selectedOptions={pick ? [pick] : []}
                onOptionSelect={(_, d) => setPick(d.optionValue)}
              >
                {(courses.data?.records ?? []).map((c) => (
                  <Option key={String(c.id)} value={String(c.id)}>
                    {String(c.title)}
                  </Option>
                ))}
              </Dropdown>
              <Button
                icon={<AddRegular />}
                disabled={!pick}
                onClick={async () => {
                  await write(
                    `${LINKS}/submit`,
                    { body: { seriesId: series.id, courseId: pick, sort: (linked.data?.length ?? 0) + 1 } },
                    { invalidates: [LINKS] },
                  )
                  setPick(undefined)
                }}
              >
                {say(L('加入系列', 'Add to series'))}
              </Button>
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** Course series (spec §3: cover, title required, intro and content rich text, sort, listing status). */
export default function Series() {
  const say = useSay()
  const [open, setOpen] = useState<Row | null>(null)
  const screen: ResourceScreen = {
    base: '/api/blade-series/series',
    perm: 'content:series',
    title: L('课程系列', 'Series'),
    fields: screenFields(seriesFields, {
      cover: { width: 100 },
      title: { search: true },
      intro: { list: false },
      content: { list: false },
      sort: { width: 80 },
      status: { width: 90 },
      remark: { list: false },
    }),
    rowActions: (row) => (
      <Button
        size="small"
        appearance="transparent"
        icon={<StackRegular />}
        onClick={() => setOpen(row)}
        data-testid="row-series-courses"
      >
        {say(L('系列课程', 'Courses'))}
      </Button>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {open && <SeriesCourses series={open} onClose={() => setOpen(null)} />}
    </>
  )
}
