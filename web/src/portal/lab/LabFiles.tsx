import {
  Button,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import {
  ArrowClockwiseRegular,
  ArrowDownloadRegular,
  ArrowUploadRegular,
  DocumentRegular,
  FolderRegular,
} from '@fluentui/react-icons'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../shared/api'
import { useFetch } from '../../shared/data'
import { notify } from '../../shared/notify'
import './locale'

interface Entry {
  name: string
  type: string
  size: number
  mtime: string
}

const useStyles = makeStyles({
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', marginBottom: tokens.spacingVerticalS },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, wordBreak: 'break-all' },
})

const human = (n: number) =>
  n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`

/** The workspace's files: list, download one, upload into the workspace (through the engine's archive API). */
export default function LabFiles({ experimentId, labId }: { experimentId: string; labId: string }) {
  const s = useStyles()
  const { t } = useTranslation('lab')
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const { data, isFetching, refetch } = useFetch<Entry[]>(
    '/api/hm-experiment/experiment/openExperimentToFile',
    { experimentId, lab: labId },
    { staleTime: 0 },
  )

  const download = (e: Entry) =>
    api.download(
      '/api/nep-wbp/experiment/getContainerFile',
      { experimentId, path: e.name },
      e.name.split('/').pop() || 'file',
    )

  const upload = async (file: File) => {
    setBusy(true)
    try {
      const form = new FormData()
      form.append('file', file)
      form.append('experimentId', experimentId)
      const r = await api.post<{ path: string }>('/api/nep-wbp/experiment/uploadContainerFile', form)
      notify.success(t('files.uploaded', { name: r.path }))
      await refetch()
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  const files = (data ?? []).filter((e) => e.name)
  return (
    <div data-testid="lab-files">
      <div className={s.bar}>
        <Button
          icon={<ArrowUploadRegular />}
          appearance="primary"
          disabled={busy}
          onClick={() => input.current?.click()}
          data-testid="lab-upload"
        >
          {t('files.upload')}
        </Button>
        <Button icon={<ArrowClockwiseRegular />} onClick={() => void refetch()} disabled={isFetching}>
          {t('files.refresh')}
        </Button>
        {(busy || isFetching) && <Spinner size="tiny" />}
        <input
          ref={input}
          type="file"
          hidden
          data-testid="lab-upload-input"
          onChange={(e) => {
            const f = e.target.files?.[0]
            if (f) void upload(f)
          }}
        />
      </div>
      {files.length === 0 ? (
        <Text>{t('files.empty')}</Text>
      ) : (
        <Table size="small" aria-label={t('files.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('files.name')}</TableHeaderCell>
              <TableHeaderCell style={{ width: 90 }}>{t('files.size')}</TableHeaderCell>
              <TableHeaderCell style={{ width: 48 }} />
            </TableRow>
          </TableHeader>
          <TableBody>
            {files.map((e) => (
              <TableRow key={e.name}>
                <TableCell>
                  <span className={s.name}>
                    {e.type === 'directory' ? <FolderRegular /> : <DocumentRegular />}
                    {e.name}
                  </span>
                </TableCell>
                <TableCell>{e.type === 'directory' ? '' : human(e.size)}</TableCell>
                <TableCell>
                  {e.type !== 'directory' && (
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<ArrowDownloadRegular />}
                      title={t('files.download')}
                      aria-label={`${t('files.download')} ${e.name}`}
                      onClick={() => void download(e)}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  )
}
