import {
  Body1,
  Card,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title3,
} from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom'
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
  const open = (next: string) => navigate(`/wel/viewChapter?id=${encodeURIComponent(next)}`)
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
      <Card className={s.card}>
        <CardHeader header={<Title3 as="h2">{t('intro')}</Title3>} />
        {c.content ? <RichText html={c.content} /> : <Body1>{t('noIntro')}</Body1>}
      </Card>
      <Card className={s.card}>
        <CardHeader header={<Title3 as="h2">{t('wares')}</Title3>} />
        {c.wares.length ? (
          <Table aria-label={t('wares')} data-testid="chapter-wares">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('wareName')}</TableHeaderCell>
                <TableHeaderCell>{t('wareType')}</TableHeaderCell>
                <TableHeaderCell>{t('finished')}</TableHeaderCell>
                <TableHeaderCell>{t('average')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {c.wares.map((w) => (
                <TableRow key={w.id}>
                  <TableCell>
                    {w.type === STEPS ? (
                      <RouterLink to={`/courseWare/step?id=${encodeURIComponent(w.id)}`} title={t('steps')}>
                        {w.title}
                      </RouterLink>
                    ) : (
                      w.title
                    )}
                  </TableCell>
                  <TableCell>{wareType(w.type)}</TableCell>
                  <TableCell className={s.number}>{`${w.finished} / ${everyone}`}</TableCell>
                  <TableCell>
                    <Percent value={w.average} label={`${w.title} ${t('average')}`} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Body1>{t('none')}</Body1>
        )}
      </Card>
      <Card className={s.card}>
        <CardHeader header={<Title3 as="h2">{t('questions')}</Title3>} />
        {c.questions.length ? (
          <Table aria-label={t('questions')} data-testid="chapter-questions">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('title')}</TableHeaderCell>
                <TableHeaderCell>{t('questionType')}</TableHeaderCell>
                <TableHeaderCell>{t('difficulty')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {c.questions.map((q) => (
                <TableRow key={q.id}>
                  <TableCell>{q.title || stemText(q.content)}</TableCell>
                  <TableCell>{label(types.data, q.type)}</TableCell>
                  <TableCell>{label(hards.data, q.hard)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Body1>{t('none')}</Body1>
        )}
      </Card>
      <Card className={s.card}>
        <CardHeader header={<Title3 as="h2">{t('downloads')}</Title3>} />
        {c.downloads.length ? (
          <ul data-testid="chapter-downloads">
            {c.downloads.map((d) => (
              <li key={d.id}>{d.title}</li>
            ))}
          </ul>
        ) : (
          <Body1>{t('none')}</Body1>
        )}
      </Card>
      <Card className={s.card}>
        <CardHeader header={<Title3 as="h2">{t('learners')}</Title3>} />
        {everyone ? (
          <Table aria-label={t('learners')} data-testid="chapter-learners">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('learner')}</TableHeaderCell>
                {c.wares.map((w) => (
                  <TableHeaderCell key={w.id}>{w.title}</TableHeaderCell>
                ))}
                <TableHeaderCell>{t('progress')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {c.learners.map((l) => (
                <TableRow key={l.userId}>
                  <TableCell>{`${l.realName} (${l.account})`}</TableCell>
                  {c.wares.map((w) => (
                    <TableCell key={w.id} className={s.number}>
                      {t('percent', { value: l.wares[w.id] ?? 0 })}
                    </TableCell>
                  ))}
                  <TableCell>
                    <Percent value={l.progress} label={`${l.realName} ${t('progress')}`} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Body1>{t('noLearners')}</Body1>
        )}
      </Card>
    </div>
  )
}
