import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Spinner,
  Tab,
  TabList,
  Text,
  Tree,
  TreeItem,
  TreeItemLayout,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowDownloadRegular, DocumentPdfRegular, DocumentTextRegular, FolderRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router-dom'
import type { Page } from '../../shared/api'
import { useFetch, write } from '../../shared/data'
import Pager from '../../shared/Pager'
import { usePortalStyles } from './ui'

interface FolderNode {
  id: string
  name: string
  parentId: string
  hasChildren: boolean
}
interface Doc {
  id: string
  title: string
  fileType: string
  fileSize: number
  intro: string | null
  updateTime: string
}
interface Download {
  id: string
  title: string
  intro: string | null
  fileSize: number
  count: number
  createTime: string
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
function Level({ parentId, onPick }: { parentId: string; onPick: (f: FolderNode) => void }) {
  const level = useFetch<FolderNode[]>('/api/nop-wbp/folder/lazy-tree', { parentId }, { silent: true })
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

/** The lead form shown before a file is released: name and phone (11 digits) required, e-mail checked. */
function LeadDialog({ file, onClose }: { file: Download; onClose: () => void }) {
  const { t } = useTranslation('learn')
  const [v, setV] = useState({ name: '', phone: '', email: '', unit: '' })
  const [err, setErr] = useState<Record<string, string>>({})
  const submit = async () => {
    const e: Record<string, string> = {}
    if (!v.name.trim()) e.name = t('nameRequired')
    if (!v.phone.trim()) e.phone = t('phoneEmpty')
    else if (!/^\d{11}$/.test(v.phone.trim())) e.phone = t('phoneLength')
    setErr(e)
    if (Object.keys(e).length) return
    const r = await write<{ link: string }>(
      '/api/nop-wbp/downloadMessage/save',
      { body: { ...v, downloadFileId: file.id } },
      { invalidates: ['/api/nop-wbp/download'] },
    )
    Object.assign(document.createElement('a'), { href: r.link, download: file.title }).click()
    onClose()
  }
  const input = (k: keyof typeof v, label: string, required = false) => (
    <Field label={label} required={required} validationMessage={err[k]}>
      <Input value={v[k]} onChange={(_, d) => setV({ ...v, [k]: d.value })} data-testid={`lead-${k}`} />
    </Field>
  )
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 460 }} data-testid="lead-dialog">
        <DialogBody>
          <DialogTitle>{t('leadTitle')}</DialogTitle>
          <DialogContent style={{ display: 'grid', gap: 10 }}>
            <Text>{t('leadTip')}</Text>
            {input('name', t('name'), true)}
            {input('phone', t('phone'), true)}
            {input('email', t('email'))}
            {input('unit', t('unit'))}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>✕</Button>
            <Button appearance="primary" onClick={() => void submit()} data-testid="lead-submit">
              {t('download')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

function Downloads() {
  const p = usePortalStyles()
  const s = useStyles()
  const { t } = useTranslation('learn')
  const [current, setCurrent] = useState(1)
  const [asking, setAsking] = useState<Download | null>(null)
  const list = useFetch<Page<Download>>('/api/nop-wbp/download/list', { current, size: 10 })
  if (!list.data) return <Spinner />
  return (
    <div>
      {list.data.records.length === 0 && <Text className={p.muted}>{t('empty')}</Text>}
      {list.data.records.map((d) => (
        <div key={d.id} className={s.row} data-testid="download-row">
          <div style={{ flex: 1, display: 'grid' }}>
            <Text weight="semibold">{d.title}</Text>
            <Text size={200} className={p.muted}>
              {d.intro}
            </Text>
          </div>
          <Text size={200}>
            {d.fileSize.toFixed(2)} MB · {t('count')} {d.count}
          </Text>
          <Button icon={<ArrowDownloadRegular />} onClick={() => setAsking(d)} data-testid="download">
            {t('download')}
          </Button>
        </div>
      ))}
      {list.data.total > 10 && (
        <Pager current={current} size={10} total={list.data.total} sizes={[10]} onChange={(c) => setCurrent(c)} />
      )}
      {asking && <LeadDialog file={asking} onClose={() => setAsking(null)} />}
    </div>
  )
}

/** Cloud documents: folders at the side (lazy tree), a folder's documents (opened at /home/doc-share/:id); and the downloads with their lead form. */
export default function CloudDocs() {
  const p = usePortalStyles()
  const s = useStyles()
  const { t } = useTranslation(['learn', 'portal'])
  const [params, setParams] = useSearchParams()
  const [folder, setFolder] = useState<FolderNode | null>(null)
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
              <Text className={p.muted}>{t('learn:folders')} ←</Text>
            ) : !docs.data ? (
              <Spinner />
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
