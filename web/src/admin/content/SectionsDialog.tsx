import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Input,
  Option,
  SpinButton,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { AddRegular, DeleteRegular, DocumentRegular, SaveRegular, VideoRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import type { Page } from '../../shared/api'
import { useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import type { Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { useConfirm } from '../../shared/useConfirm'
import { sectionFields } from '../../../../db/fields/course'
import { L } from '../system/fields'
import Loading from '../../shared/Loading'

const S = '/api/hm-courseSection/courseSection'
const useStyles = makeStyles({
  section: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalM,
    display: 'grid',
    gap: tokens.spacingVerticalS,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  links: { display: 'grid', gap: '4px', paddingLeft: tokens.spacingHorizontalL },
})

/** One linked list of a section (courseware or downloads): the linked rows, a picker to link another, unlink. */
function Links({ sectionId, kind }: { sectionId: string; kind: 'ware' | 'download' }) {
  const say = useSay()
  const cfg =
    kind === 'ware'
      ? {
          of: '/api/hm-courseWare/courseWare/getCourseWareId',
          link: '/api/hm-courseSectionWare/courseSectionWare',
          pick: '/api/hm-courseWare/courseWare/list',
          field: 'wareId',
          label: L('课件', 'Courseware'),
          Icon: VideoRegular,
        }
      : {
          of: '/api/hm-download/download/getDownLoadBySectionId',
          link: '/api/hm-courseSectionDownload/courseSectionDownload',
          pick: '/api/hm-download/download/list',
          field: 'downloadId',
          label: L('资料', 'Downloads'),
          Icon: DocumentRegular,
        }
  const linked = useFetch<Row[]>(cfg.of, { id: sectionId })
  const choices = useFetch<Page<Row>>(cfg.pick, { size: 200 })
  const [pick, setPick] = useState<string>()
  const s = useStyles()
  const refresh = { invalidates: [cfg.of.split('/').slice(0, 4).join('/'), cfg.link] }
  return (
    <div className={s.links}>
      {(linked.data ?? []).map((r) => (
        <div key={String(r.linkId)} className={s.row}>
          <cfg.Icon />
          <Text>{String(r.title)}</Text>
          <Button
            size="small"
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={say('delete')}
            onClick={() => void write(`${cfg.link}/remove`, { params: { ids: r.linkId } }, refresh)}
          />
        </div>
      ))}
      <div className={s.row}>
        <Dropdown
          placeholder={say(cfg.label)}
          size="small"
          value={(choices.data?.records.find((c) => c.id === pick)?.title as string) ?? ''}
          selectedOptions={pick ? [pick] : []}
          onOptionSelect={(_, d) => setPick(d.optionValue)}
          data-testid={`pick-${kind}`}
        >
          {(choices.data?.records ?? []).map((c) => (
            <Option key={String(c.id)} value={String(c.id)}>
              {String(c.title)}
            </Option>
          ))}
        </Dropdown>
        <Button
          size="small"
          icon={<AddRegular />}
          disabled={!pick}
          data-testid={`link-${kind}`}
          onClick={async () => {
            await write(
              `${cfg.link}/submit`,
              { body: { sectionId, [cfg.field]: pick, sort: (linked.data?.length ?? 0) + 1 } },
              refresh,
            )
            setPick(undefined)
          }}
        >
          {say(L('关联', 'Link'))}
        </Button>
      </div>
    </div>
  )
}

/** A course's sections (ordered), each with its courseware and downloads. */
export default function SectionsDialog({ course, onClose }: { course: Row; onClose: () => void }) {
  const s = useStyles()
  const say = useSay()
  const { confirm, dialog } = useConfirm()
  const sections = useFetch<Row[]>(`${S}/getCourseSection`, { id: course.id })
  const [draft, setDraft] = useState<Record<string, { title: string; sort: number }>>({})
  const [title, setTitle] = useState('')
  const save = async (row: Row) => {
    const d = draft[String(row.id)]
    if (!d?.title.trim()) return notify.warning(say(sectionFields.title.required))
    await write(`${S}/submit`, { body: { id: row.id, title: d.title, sort: d.sort } }, { invalidates: [S] })
    notify.success(say('updatedSuccessfully'))
  }
  const add = async () => {
    if (!title.trim()) return notify.warning(say(sectionFields.title.required))
    await write(
      `${S}/submit`,
      { body: { courseId: course.id, title, sort: (sections.data?.length ?? 0) + 1 } },
      { invalidates: [S] },
    )
    setTitle('')
    notify.success(say('addedSuccessfully'))
  }
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 760 }} data-testid="sections-dialog">
        <DialogBody>
          <DialogTitle>
            {say(L('章节', 'Sections'))} · {String(course.title)}
          </DialogTitle>
          <DialogContent style={{ display: 'grid', gap: 12 }}>
            {!sections.data ? (
              <Loading />
            ) : (
              sections.data.map((row) => {
                const d = draft[String(row.id)] ?? { title: String(row.title), sort: Number(row.sort) }
                const set = (v: Partial<typeof d>) => setDraft((x) => ({ ...x, [String(row.id)]: { ...d, ...v } }))
                return (
                  <div key={String(row.id)} className={s.section} data-testid="section">
                    <div className={s.row}>
                      <Input
                        value={d.title}
                        onChange={(_, v) => set({ title: v.value })}
                        style={{ flex: 1 }}
                        aria-label={say(L('章节名称', 'Section name'))}
                      />
                      <SpinButton
                        value={d.sort}
                        onChange={(_, v) => set({ sort: v.value ?? Number(v.displayValue) })}
                        style={{ width: 80 }}
                        aria-label={say(L('排序', 'Sort'))}
                      />
                      <Button icon={<SaveRegular />} onClick={() => void save(row)}>
                        {say(L('保存', 'Save'))}
                      </Button>
                      <Button
                        icon={<DeleteRegular />}
                        onClick={async () => {
                          if (await confirm(say('confirmDelete')))
                            await write(`${S}/remove`, { params: { ids: row.id } }, { invalidates: [S] })
                        }}
                      >
                        {say('delete')}
                      </Button>
                    </div>
                    <Links sectionId={String(row.id)} kind="ware" />
                    <Links sectionId={String(row.id)} kind="download" />
                  </div>
                )
              })
            )}
            <div className={s.row}>
              <Input
                value={title}
                onChange={(_, v) => setTitle(v.value)}
                placeholder={say(L('新章节名称', 'New section name'))}
                style={{ flex: 1 }}
                data-testid="new-section"
              />
              <Button appearance="primary" icon={<AddRegular />} onClick={() => void add()} data-testid="add-section">
                {say(L('添加章节', 'Add section'))}
              </Button>
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
      {dialog}
    </Dialog>
  )
}
