import { Body1, Title3 } from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { wareFields } from '../../../../db/fields/course'
import type { ChapterProgress } from '../../../../server/api-types'
import RichText from '../../portal/exam/RichText'
import { useDictionary, useFetch, type DictItem } from '../../shared/data'
import Loading from '../../shared/Loading'
import { useSay } from '../../shared/resource/text'
import CoursePicker from '../course-details/CoursePicker'
import { useViewStyles } from '../course-details/styles'
import { Figures, Percent } from '../course-details/figures'
import '../course-details/locale'
import { SectionCard, TableCard } from '../course-details/SectionCard'
import { inPlace } from '../shell/tabs-store'
import ChapterPicker from './ChapterPicker'

/** Experiment steps: the courseware type whose steps the step editor page edits. */
const STEPS = 4

/** A stem is sanitised rich text; a list shows its words when the question has no title. */
const stemText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? ''

/** Picks a course, then one of its chapters (the page opened from the menu without an id). */
function Choose({ onChapter }: { onChapter: (id: string) => void }) {
  const { t } = useTranslation('courseView')
  const s = useViewStyles()
  const [courseId, setCourseId] = useState<string>()
  return (
    <div className={s.root}>
      <Title3 as="h1">{t('chooseChapter')}</Title3>
      <Body1>{t('pickChapter')}</Body1>
      <div className={s.picker}>
        <CoursePicker value={courseId} onChange={setCourseId} />
        {courseId && <ChapterPicker courseId={courseId} onChange={onChapter} />}
      </div>
    </div>
  )
}

/**
 * /wel/viewChapter?id=: one chapter as its teacher follows it — its text, courseware (with how many learners
 * finished each and their average), questions and downloads, and each approved learner's progress on each
 * courseware. Opened from the course overview's chapter list, or from the menu by picking the course and chapter.
 */
export default function ViewChapter() {
  const { t, i18n } = useTranslation('courseView')
  const say = useSay()
  const s = useViewStyles()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const [params] = useSearchParams()
  const id = params.get('id') ?? undefined
  const chapter = useFetch<ChapterProgress>(
    id ? '/api/hm-courseSection/courseSection/progress' : undefined,
    { id },
    {
      silent: true,
      staleTime: 0,
    },
  )
  const types = useDictionary('question_type', true)
  const hards = useDictionary('question_hard', true)
  // A chapter picked here replaces the chooser in its tab: one chapter tab, not a chooser left behind.
  const open = (next: string) => navigate(`/wel/viewChapter?id=${encodeURIComponent(next)}`, inPlace(pathname + search))
  if (!id) return <Choose onChapter={open} />
  if (chapter.isError)
    return (
      <div className={s.root}>
        <Title3 as="h1">{t('chapter')}</Title3>
        <Body1 data-testid="chapter-not-found">{t('notFound')}</Body1>
      </div>
    )
  const c = chapter.data
  if (!c) return <Loading />
  const label = (items: DictItem[] | undefined, key: number) => {
    const item = items?.find((d) => d.dictKey === String(key))
    return (i18n.language === 'en' ? item?.dictValueEn || item?.dictValue : item?.dictValue) ?? String(key)
  }
  const wareType = (type: number) => {
    const option = wareFields.type.options?.find((o) => o.value === type)
    return option ? say(option.label) : String(type)
  }
  const everyone = c.learners.length
  return (
    <div className={s.root} data-testid="view-chapter">
      <div className={s.head}>
        <Title3 as="h1">{c.title}</Title3>
        <Body1>
          {t('chapterOf')}
          <RouterLink to={`/wel/CourseDetails?id=${encodeURIComponent(c.course.id)}`} data-testid="chapter-course">
            {c.course.title}
          </RouterLink>
        </Body1>
      </div>
      <Figures
        items={[
          { key: 'wares', label: t('wares'), value: c.wares.length },
          { key: 'questions', label: t('questions'), value: c.questions.length },
          { key: 'downloads', label: t('downloads'), value: c.downloads.length },
          { key: 'approved', label: t('approved'), value: everyone },
          {
            key: 'completed',
            label: t('completed'),
            value: c.wares.length ? c.learners.filter((l) => l.done >= c.wares.length).length : 0,
          },
        ]}
      />
      <SectionCard title={t('intro')}>
        {c.content ? <RichText html={c.content} /> : <Body1>{t('noIntro')}</Body1>}
      </SectionCard>
      <TableCard
        title={t('wares')}
        testId="chapter-wares"
        columns={[t('wareName'), t('wareType'), { label: t('finished'), numeric: true }, t('average')]}
        rows={c.wares}
        rowKey={(w) => w.id}
        cells={(w) => [
          w.type === STEPS ? (
            <RouterLink to={`/courseWare/step?id=${encodeURIComponent(w.id)}`} title={t('steps')}>
              {w.title}
            </RouterLink>
          ) : (
            w.title
          ),
          wareType(w.type),
          `${w.finished} / ${everyone}`,
          <Percent value={w.average} label={`${w.title} ${t('average')}`} />,
        ]}
        empty={t('none')}
      />
      <TableCard
        title={t('questions')}
        testId="chapter-questions"
        columns={[t('title'), t('questionType'), t('difficulty')]}
        rows={c.questions}
        rowKey={(q) => q.id}
        cells={(q) => [q.title || stemText(q.content), label(types.data, q.type), label(hards.data, q.hard)]}
        empty={t('none')}
      />
      <SectionCard title={t('downloads')}>
        {c.downloads.length ? (
          <ul data-testid="chapter-downloads">
            {c.downloads.map((d) => (
              <li key={d.id}>{d.title}</li>
            ))}
          </ul>
        ) : (
          <Body1>{t('none')}</Body1>
        )}
      </SectionCard>
      <TableCard
        title={t('learners')}
        testId="chapter-learners"
        columns={[t('learner'), ...c.wares.map((w) => ({ label: w.title, numeric: true as const })), t('progress')]}
        rows={c.learners}
        rowKey={(l) => l.userId}
        cells={(l) => [
          `${l.realName} (${l.account})`,
          ...c.wares.map((w) => t('percent', { value: l.wares[w.id] ?? 0 })),
          <Percent value={l.progress} label={`${l.realName} ${t('progress')}`} />,
        ]}
        empty={t('noLearners')}
      />
    </div>
  )
}
