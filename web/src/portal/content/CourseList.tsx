import { Dropdown, Input, Option, Text } from '@fluentui/react-components'
import { SearchRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import type { Page } from '../../shared/api'
import { useDictionary, useFetch } from '../../shared/data'
import { dictLabel } from '../../shared/dict'
import Loading from '../../shared/Loading'
import Pager from '../../shared/Pager'
import { Carousel } from './Home'
import { CourseTile, usePortalStyles } from './ui'
import type { CourseCard } from './types'

/** A dictionary filter whose choice lives in the URL. */
function DictFilter({ code, name, label }: { code: string; name: string; label: string }) {
  const [params, setParams] = useSearchParams()
  const { t } = useTranslation('learn')
  const items = useDictionary(code, true).data ?? []
  const v = params.get(name) ?? ''
  const current = items.find((i) => i.dictKey === v)
  return (
    <Dropdown
      aria-label={label}
      placeholder={label}
      // The closed filter names itself (专业：全部), else three identical "全部" boxes say nothing.
      value={t('filterValue', { label, value: current ? dictLabel(current) : t('all') })}
      selectedOptions={[v]}
      style={{ minWidth: 160 }}
      onOptionSelect={(_, d) =>
        setParams((p) => {
          const n = new URLSearchParams(p)
          if (d.optionValue) n.set(name, d.optionValue)
          else n.delete(name)
          n.delete('current')
          return n
        })
      }
    >
      <Option value="">{t('filterValue', { label, value: t('all') })}</Option>
      {items.map((i) => (
        <Option key={i.dictKey} value={i.dictKey}>
          {dictLabel(i)}
        </Option>
      ))}
    </Dropdown>
  )
}

/** Courses, practice courses (isPractice) and training camps (type 2): search, dictionary filters, server paging. */
export default function CourseList({ kind }: { kind: 'course' | 'practice' | 'camp' }) {
  const p = usePortalStyles()
  const { t } = useTranslation(['learn', 'portal'])
  const [params, setParams] = useSearchParams()
  const [title, setTitle] = useState(params.get('title') ?? '')
  const current = Number(params.get('current')) || 1,
    size = Number(params.get('size')) || 12
  const query = {
    type: kind === 'camp' ? 2 : 1,
    ...(kind === 'practice' ? { isPractice: 1 } : {}),
    current,
    size,
    title: params.get('title') ?? undefined,
    specialId: params.get('specialId') ?? undefined,
    cateId: params.get('cateId') ?? undefined,
    levelId: params.get('levelId') ?? undefined,
  }
  const list = useFetch<Page<CourseCard>>('/api/nep-wbp/course/list', query)
  const set = (change: Record<string, string | undefined>) =>
    setParams((x) => {
      const n = new URLSearchParams(x)
      for (const [k, v] of Object.entries(change)) {
        if (v) n.set(k, v)
        else n.delete(k)
      }
      return n
    })
  const heading =
    kind === 'camp' ? t('learn:camp') : t(`portal:nav.${kind === 'practice' ? 'practice-course' : 'course'}`)
  return (
    <>
      <Carousel position={kind === 'camp' ? 3 : 2} />
      <div className={p.page}>
        <h1 className={p.h1}>{heading}</h1>
        <div className={p.filters}>
          <Input
            contentBefore={<SearchRegular />}
            placeholder={kind === 'camp' ? t('learn:searchCamp') : t('learn:search')}
            aria-label={kind === 'camp' ? t('learn:searchCamp') : t('learn:search')}
            value={title}
            onChange={(_, d) => setTitle(d.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') set({ title: title || undefined, current: undefined })
            }}
            data-testid="course-search"
          />
          <DictFilter code="course_major" name="specialId" label={t('learn:major')} />
          <DictFilter code="course_category" name="cateId" label={t('learn:category')} />
          <DictFilter code="educational_level" name="levelId" label={t('learn:level')} />
        </div>
        {!list.data ? (
          <Loading />
        ) : list.data.records.length === 0 ? (
          <Text className={p.muted}>{t('learn:empty')}</Text>
        ) : (
          <div className={p.grid}>
            {list.data.records.map((c) => (
              <CourseTile key={c.id} c={c} />
            ))}
          </div>
        )}
        {list.data && list.data.total > size && (
          <Pager
            current={current}
            size={size}
            total={list.data.total}
            sizes={[12, 24, 48]}
            onChange={(c, sz) => set({ current: String(c), size: String(sz) })}
          />
        )}
      </div>
    </>
  )
}
