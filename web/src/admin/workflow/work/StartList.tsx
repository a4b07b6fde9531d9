import { Button, Card, CardHeader, Input, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components'
import { FlowRegular, SearchRegular } from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useFetch } from '../../../shared/data'
import Loading from '../../../shared/Loading'
import { PROCESS, startPath, type Page, type Startable } from '../api'
import '../locale'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  card: { cursor: 'pointer' },
  muted: { color: tokens.colorNeutralForeground3 },
  search: { maxWidth: '320px' },
})

/** The processes the user may start (process/processList: main versions, active, within each model's scope), by category. */
export default function StartList() {
  const s = useStyles()
  const { t } = useTranslation('workflow')
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const q = useFetch<Page<Startable> | Startable[]>(`${PROCESS}/processList`, { current: 1, size: 200 })
  const groups = useMemo(() => {
    const all = Array.isArray(q.data) ? q.data : (q.data?.records ?? [])
    const rows = name ? all.filter((p) => p.name.toLowerCase().includes(name.toLowerCase())) : all
    const by = new Map<string, Startable[]>()
    for (const p of rows) {
      const g = p.categoryName || t('work.noCategory')
      by.set(g, [...(by.get(g) ?? []), p])
    }
    return [...by]
  }, [q.data, name, t])

  return (
    <div className={s.root}>
      <Input
        className={s.search}
        contentBefore={<SearchRegular />}
        value={name}
        onChange={(_, d) => setName(d.value)}
        placeholder={t('work.search')}
        data-testid="start-search"
      />
      {q.isLoading && <Loading />}
      {!q.isLoading && !groups.length && <Text className={s.muted}>{t('work.noStartable')}</Text>}
      {groups.map(([group, list]) => (
        <section key={group} className={s.group}>
          <Subtitle2>{group}</Subtitle2>
          <div className={s.cards}>
            {list.map((p) => (
              <Card key={p.id} className={s.card} data-testid="start-card" onClick={() => navigate(startPath(p))}>
                <CardHeader
                  image={<FlowRegular fontSize={28} />}
                  header={<Text weight="semibold">{p.name}</Text>}
                  description={
                    <Text className={s.muted}>
                      {p.processDefinitionKey} · {t('work.version', { v: p.version })}
                    </Text>
                  }
                  action={
                    <Button appearance="primary" size="small">
                      {t('work.start')}
                    </Button>
                  }
                />
                {p.description && <Text className={s.muted}>{p.description}</Text>}
              </Card>
            ))}
          </div>
        </section>
      ))}
    </div>
  )
}
