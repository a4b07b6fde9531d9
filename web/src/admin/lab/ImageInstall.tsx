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
  ProgressBar,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiFailure, api } from '../../shared/api'
import { invalidate, useFetch } from '../../shared/data'
import { useSession } from '../../shared/session'
import { folderEntries, packTar } from '../../portal/lab/tar'
import '../../portal/lab/locale'

const BASE = '/api/hm-images/images'

interface Progress {
  id: string
  buildState: number
  buildLog: string | null
  imageId: string
  onEngine: boolean
}

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  log: {
    maxHeight: '260px',
    overflow: 'auto',
    margin: 0,
    padding: '8px',
    backgroundColor: '#1e1e1e',
    color: '#ddd',
    fontSize: '12px',
    borderRadius: tokens.borderRadiusMedium,
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-all',
  },
})

const human = (n: number) => (n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`)

/** The engine's progress of one import or build, polled each second while it runs. */
export function InstallProgress({ id }: { id: string }) {
  const s = useStyles()
  const { t } = useTranslation('lab')
  const pre = useRef<HTMLPreElement>(null)
  const { data } = useFetch<Progress>(
    `${BASE}/progress`,
    { id },
    { refetchInterval: (q) => (q.state.data && q.state.data.buildState !== 1 ? false : 1000), staleTime: 0 },
  )
  const state = data?.buildState
  useEffect(() => {
    if (state !== undefined && state !== 1) void invalidate(BASE)
  }, [state])
  useEffect(() => {
    pre.current?.scrollTo(0, pre.current.scrollHeight)
  }, [data?.buildLog])
  return (
    <div className={s.form} data-testid="image-progress" data-state={state}>
      <Field
        label={t('image.progress')}
        validationState={state === 2 ? 'error' : state === 0 ? 'success' : 'none'}
        validationMessage={
          state === 2
            ? t('image.failed')
            : state === 0
              ? `${t('image.done')} · ${data?.imageId ?? ''}`
              : t('image.busy')
        }
      >
        <ProgressBar
          value={state === 1 || state === undefined ? undefined : 1}
          color={state === 2 ? 'error' : state === 0 ? 'success' : 'brand'}
        />
      </Field>
      <Text weight="semibold">{t('image.log')}</Text>
      <pre ref={pre} className={s.log}>
        {data?.buildLog || '…'}
      </pre>
    </div>
  )
}

/**
 * Import (a `docker save` tarball) or build (a Dockerfile folder, packed into
 * a tar here) a lab environment; then the engine's progress until it is ready.
 */
export default function ImageInstall({
  kind,
  rowId,
  onClose,
}: {
  kind: 'import' | 'build' | 'progress'
  rowId?: string
  onClose: () => void
}) {
  const s = useStyles()
  const { t } = useTranslation('lab')
  const [title, setTitle] = useState('')
  const [tag, setTag] = useState('')
  // A school builds only inside its own namespace (the server refuses anything else): the example shows it.
  const { tenantId } = useSession()
  const tagPrefix = tenantId === '000000' ? '' : `atrium/t${tenantId}/`
  const tagExample = tagPrefix ? `${tagPrefix}python:3` : 'school/python:3'
  const [file, setFile] = useState<File | null>(null)
  const [folder, setFolder] = useState<FileList | null>(null)
  const [error, setError] = useState<{ field?: string; text: string } | null>(null)
  const [sending, setSending] = useState(false)
  const [started, setStarted] = useState<string | null>(kind === 'progress' ? (rowId ?? null) : null)
  const folderInput = useRef<HTMLInputElement>(null)
  useEffect(() => {
    folderInput.current?.setAttribute('webkitdirectory', '')
  }, [])

  const entries = folder ? folderEntries(folder) : []
  const start = async () => {
    setError(null)
    const form = new FormData()
    if (title) form.append('title', title)
    if (rowId) form.append('id', rowId)
    if (kind === 'import') {
      if (!file) return setError({ field: 'file', text: t('image.chooseFile') })
      form.append('file', file)
    } else {
      if (!entries.some((e) => e.path === 'Dockerfile'))
        return setError({ field: 'file', text: t('image.noDockerfile') })
      form.append('file', new File([await packTar(entries)], 'context.tar', { type: 'application/x-tar' }))
      form.append('imageId', tag.trim())
    }
    setSending(true)
    try {
      const r = await api.post<{ id: string }>(`${BASE}/${kind}`, form, undefined, { silent: true })
      setStarted(r.id)
      void invalidate(BASE)
    } catch (e) {
      setError({
        field: e instanceof ApiFailure ? e.field : undefined,
        text: e instanceof Error ? e.message : String(e),
      })
    } finally {
      setSending(false)
    }
  }

  const heading =
    kind === 'import' ? t('image.importTitle') : kind === 'build' ? t('image.buildTitle') : t('image.progress')
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 640 }} data-testid="image-install">
        <DialogBody>
          <DialogTitle>{heading}</DialogTitle>
          <DialogContent>
            {started ? (
              <InstallProgress id={started} />
            ) : (
              <div className={s.form}>
                <Field
                  label={kind === 'import' ? t('image.chooseFile') : t('image.chooseFolder')}
                  required
                  validationState={error?.field === 'file' ? 'error' : 'none'}
                  validationMessage={error?.field === 'file' ? error.text : undefined}
                >
                  {kind === 'import' ? (
                    <input
                      type="file"
                      accept=".tar,.tar.gz,.tgz,application/x-tar"
                      data-testid="image-file"
                      onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                    />
                  ) : (
                    <input
                      ref={folderInput}
                      type="file"
                      multiple
                      data-testid="image-folder"
                      onChange={(e) => setFolder(e.target.files)}
                    />
                  )}
                </Field>
                {kind === 'build' && folder && (
                  <Text size={200}>
                    {t('image.files', { n: entries.length, size: human(entries.reduce((a, e) => a + e.file.size, 0)) })}
                  </Text>
                )}
                {kind === 'build' && (
                  <Field
                    label={t('image.tag', { example: tagExample })}
                    hint={tagPrefix ? t('image.tagHint', { prefix: tagPrefix }) : undefined}
                    required
                    validationState={error?.field === 'imageId' ? 'error' : 'none'}
                    validationMessage={error?.field === 'imageId' ? error.text : undefined}
                  >
                    <Input
                      value={tag}
                      placeholder={tagExample}
                      onChange={(_, d) => setTag(d.value)}
                      data-testid="image-tag"
                    />
                  </Field>
                )}
                {!rowId && (
                  <Field label={t('image.title')}>
                    <Input value={title} onChange={(_, d) => setTitle(d.value)} />
                  </Field>
                )}
                {error && !['file', 'imageId'].includes(error.field ?? '') && (
                  <Text style={{ color: tokens.colorPaletteRedForeground1 }}>{error.text}</Text>
                )}
                {sending && <ProgressBar />}
              </div>
            )}
          </DialogContent>
          <DialogActions>
            {!started && (
              <Button appearance="primary" disabled={sending} onClick={() => void start()} data-testid="image-start">
                {t('image.start')}
              </Button>
            )}
            <Button onClick={onClose}>{t('image.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
