import { Tab, TabList, Text, Tree, TreeItem, TreeItemLayout, makeStyles, tokens } from '@fluentui/react-components'
import { DocumentPdfRegular, DocumentTextRegular, FolderRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router-dom'
import type { FolderNode } from '../../../../server/api-types'
import type { Page } from '../../shared/api'
import { useFetch } from '../../shared/data'
import Pager from '../../shared/Pager'
import Loading from '../../shared/Loading'
import { DownloadRows } from './Downloads'
import type { Download } from './types'
import { usePortalStyles } from './ui'

/** One folder of a lazily opened level (folder/lazy-tree): the server's node without its children. */
type FolderEntry = Pick<FolderNode, 'id' | 'name' | 'parentId' | 'hasChildren'>
interface Doc {
  id: string
  title: string
  fileType: string
  fileSize: number
  intro: string | null
  updateTime: string
}

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: '260px 1fr',
    gap: tokens.spacingHorizontalXL,
    '@media (max-width: 768px)': { gridTemplateColumns: '1fr' },
  },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: '10px 0',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
})

/** One level of folders, opened lazily (folder/lazy-tree). */
function Level({ parentId, onPick }: { parentId: string; onPick: (f: FolderEntry) => void }) {
  const level = useFetch<FolderEntry[]>('/api/nop-wbp/folder/lazy-tree', { parentId }, { silent: true })
  return (
    <>
      {(level.data ?? []).map((f) => (
        <TreeItem key={f.id} value={f.id} itemType={f.hasChildren ? 'branch' : 'leaf'}>
          <TreeItemLayout iconBefore={<FolderRegular />} onClick={() => onPick(f)} data-testid="folder">
            {f.name}
          </TreeItemLayout>
          {f.hasChildren && (
            <Tree>
              <Level parentId={f.id} onPick={onPick} />
            </Tree>
          )}
        </TreeItem>
      ))}
    </>
  )
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`

function Downloads() {
  const p = usePortalStyles()
  const { t } = useTranslation('learn')
  const [current, setCurrent] = useState(1)
  const list = useFetch<Page<Download>>('/api/nop-wbp/download/list', { current, size: 10 })
  if (!list.data) return <Loading />
  return (
    <div>
      {list.data.records.length === 0 && <Text className={p.muted}>{t('empty')}</Text>}
      <DownloadRows files={list.data.records} />
      {list.data.total > 10 && (
        <Pager current={current} size={10} total={list.data.total} sizes={[10]} onChange={(c) => setCurrent(c)} />
      )}
    </div>
  )
}

/** Cloud documents: folders at the side (lazy tree), a folder's documents (opened at /home/doc-share/:id); and the downloads with their lead form. */
export default function CloudDocs() {
  const p = usePortalStyles()
  const s = useStyles()
  const { t } = useTranslation(['learn', 'portal'])
  const [params, setParams] = useSearchParams()
  const [folder, setFolder] = useState<FolderEntry | null>(null)
  const tab = params.get('tab') ?? 'docs'
  const docs = useFetch<Doc[]>(folder ? '/api/nop-wbp/folder/getDocument' : undefined, { folderId: folder?.id })
  return (
    <div className={p.page}>
      <h1 className={p.h1}>{t('portal:nav.cloud-document')}</h1>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setParams({ tab: String(d.value) })}>
        <Tab value="docs">{t('learn:documents')}</Tab>
        <Tab value="downloads" data-testid="tab-downloads">
          {t('learn:downloads')}
        </Tab>
      </TabList>
      {tab === 'downloads' ? (
        <Downloads />
      ) : (
        <div className={s.layout}>
          <aside className={p.panel}>
            <Text weight="semibold" block>
              {t('learn:folders')}
            </Text>
            <Tree aria-label={t('learn:folders')}>
              <Level parentId="0" onPick={setFolder} />
            </Tree>
          </aside>
          <section className={p.panel}>
            {folder && (
              <Text weight="semibold" size={500} block>
                {folder.name}
              </Text>
            )}
            {!folder ? (
              <Text className={p.muted}>{t('learn:pickFolder')}</Text>
            ) : !docs.data ? (
              <Loading />
            ) : docs.data.length === 0 ? (
              <Text className={p.muted}>{t('learn:empty')}</Text>
            ) : (
              docs.data.map((d) => (
                <div key={d.id} className={s.row}>
                  {d.fileType === 'pdf' ? <DocumentPdfRegular fontSize={24} /> : <DocumentTextRegular fontSize={24} />}
                  <div style={{ flex: 1, display: 'grid' }}>
                    <Link className={p.link} to={`/home/doc-share/${d.id}`} data-testid="doc-link">
                      {d.title}
                    </Link>
                    <Text size={200} className={p.muted}>
                      {d.intro}
                    </Text>
                  </div>
                  <Text size={200}>{mb(d.fileSize)}</Text>
                </div>
              ))
            )}
          </section>
        </div>
      )}
    </div>
  )
}
