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
import { L, cover, listingStatus, need, remarkField, sortField } from './fields'

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
    fields: [
      cover(1),
      {
        name: 'title',
        label: L('系列名称', 'Title'),
        search: true,
        required: need('请输入系列名称', 'please enter the series title'),
      },
      { name: 'intro', label: L('简介', 'Introduction'), type: 'richtext', list: false },
      { name: 'content', label: L('详情', 'Content'), type: 'richtext', list: false },
      sortField,
      listingStatus,
      remarkField,
    ],
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
