import { Input, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components'
import { SearchRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import type { Page } from '../../shared/api'
import { useDictionary, useFetch } from '../../shared/data'
import { dictLabel } from '../../shared/dict'
import Pager from '../../shared/Pager'
import { usePortalStyles } from './ui'
import { Html } from './rich'
import { thumb } from './types'
import Loading from '../../shared/Loading'

interface News {
  id: string
  title: string
  category: number
  releaseTime: string
  cover: string | null
  summary: string | null
}
const useStyles = makeStyles({
  item: {
    display: 'grid',
    gridTemplateColumns: '160px 1fr',
    gap: tokens.spacingHorizontalL,
    padding: '16px 0',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr' },
  },
  img: { width: '160px', height: '100px', objectFit: 'cover', borderRadius: '6px', backgroundColor: '#dde7f1' },
})

/** News and notices (blog_type categories as tabs), newest first, paged on the server. */
export function NewsList() {
  const p = usePortalStyles()
  const s = useStyles()
  const { t } = useTranslation(['learn', 'portal'])
  const [params, setParams] = useSearchParams()
  const cats = useDictionary('blog_type', true).data ?? []
  const [title, setTitle] = useState(params.get('title') ?? '')
  const current = Number(params.get('current')) || 1
  const list = useFetch<Page<News>>('/api/nop-wbp/blog/list', {
    category: params.get('category') ?? undefined,
    title: params.get('title') ?? undefined,
    current,
    size: 10,
  })
  const set = (k: string, v?: string) =>
    setParams((x) => {
      const n = new URLSearchParams(x)
      if (v) n.set(k, v)
      else n.delete(k)
      if (k !== 'current') n.delete('current')
      return n
    })
  return (
    <div className={p.page}>
      <h1 className={p.h1}>{t('portal:nav.information')}</h1>
      <div className={p.filters}>
        <TabList
          selectedValue={params.get('category') ?? ''}
          onTabSelect={(_, d) => set('category', String(d.value) || undefined)}
        >
          <Tab value="">{t('learn:all')}</Tab>
          {cats.map((c) => (
            <Tab key={c.dictKey} value={c.dictKey}>
              {dictLabel(c)}
            </Tab>
          ))}
        </TabList>
        <Input
          contentBefore={<SearchRegular />}
          aria-label={t('learn:searchNews')}
          placeholder={t('learn:searchNews')}
          value={title}
          onChange={(_, d) => setTitle(d.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') set('title', title || undefined)
          }}
        />
      </div>
      {!list.data ? (
        <Loading />
      ) : list.data.records.length === 0 ? (
        <Text className={p.muted}>{t('learn:empty')}</Text>
      ) : (
        list.data.records.map((n) => (
          <article key={n.id} className={s.item}>
            {n.cover ? <img className={s.img} src={thumb(n.cover, 320)} alt="" /> : <div className={s.img} />}
            <div style={{ display: 'grid', gap: 6, alignContent: 'start' }}>
              <Link
                className={p.link}
                to={`/home/information-detail/${n.id}`}
                style={{ fontSize: 18, fontWeight: 600 }}
              >
                {n.title}
              </Link>
              <Text className={p.muted}>{n.releaseTime.slice(0, 16)}</Text>
              {n.summary && <Text>{n.summary}</Text>}
            </div>
          </article>
        ))
      )}
      {list.data && list.data.total > 10 && (
        <Pager
          current={current}
          size={10}
          total={list.data.total}
          sizes={[10]}
          onChange={(c) => set('current', String(c))}
        />
      )}
    </div>
  )
}

/** One news item with its body and the previous/next item of the same category. */
export function NewsDetail() {
  const p = usePortalStyles()
  const { t } = useTranslation('learn')
  const { id } = useParams()
  const item = useFetch<
    News & { content: string; prev: { id: string; title: string } | null; next: { id: string; title: string } | null }
  >('/api/nop-wbp/blog/detail', { id })
  if (!item.data) return <div className={p.page}>{item.isError ? <Text>{t('empty')}</Text> : <Loading />}</div>
  const n = item.data
  return (
    <article className={p.page} style={{ maxWidth: 900 }}>
      <h1 className={p.h1}>{n.title}</h1>
      <Text className={p.muted}>{n.releaseTime}</Text>
      <Html className={p.rich} html={n.content} />
      <nav style={{ display: 'grid', gap: 6 }}>
        {n.prev && (
          <Link className={p.link} to={`/home/information-detail/${n.prev.id}`}>
            ← {n.prev.title}
          </Link>
        )}
        {n.next && (
          <Link className={p.link} to={`/home/information-detail/${n.next.id}`}>
            {n.next.title} →
          </Link>
        )}
      </nav>
    </article>
  )
}
