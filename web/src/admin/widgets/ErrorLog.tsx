import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowUploadRegular, BugRegular, DeleteRegular, DismissRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../shared/api'
import { notify } from '../../shared/notify'
import { badgeText } from './badge'
import { errorLog, useErrorLog, type LogEntry } from './error-log-store'
import './locale'
import { useConfirm } from '../../shared/useConfirm'

export { installErrorCapture } from './error-log-store'

const useStyles = makeStyles({
  anchor: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '-2px', right: '-6px', pointerEvents: 'none' },
  surface: { width: '100vw', maxWidth: '100vw', height: '100vh', maxHeight: '100vh', borderRadius: 0 },
  body: { height: '100%', maxHeight: '100%', gridTemplateRows: 'auto 1fr auto' },
  content: { overflow: 'auto', minHeight: 0, maxHeight: 'none' },
  toolbar: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    marginBottom: tokens.spacingVerticalM,
  },
  stack: {
    whiteSpace: 'pre-wrap',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase100,
    lineHeight: tokens.lineHeightBase100,
    maxHeight: '160px',
    overflow: 'auto',
    margin: 0,
  },
  wrap: { overflowWrap: 'anywhere' },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
})

/** The top-bar error-log button: a badge (capped at 99) and a full-screen list to upload or clear. */
export default function ErrorLog() {
  const { t } = useTranslation('widgets')
  const s = useStyles()
  const entries = useErrorLog()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const { confirm, dialog } = useConfirm()

  async function upload() {
    if (!(await confirm(t('errorLog.confirmUpload')))) return
    setBusy(true)
    try {
      await api.post('/api/blade-auth/oauth/logout', entries satisfies LogEntry[])
      errorLog.clear()
      notify.success(t('errorLog.sent'))
    } catch {
      /* the API client has shown the server's message */
    } finally {
      setBusy(false)
    }
  }

  async function clear() {
    if (!(await confirm(t('errorLog.confirmClear')))) return
    errorLog.clear()
    notify.success(t('errorLog.cleared'))
  }

  return (
    <>
      <span className={s.anchor}>
        <Tooltip content={t('errorLog.button')} relationship="label">
          <Button
            appearance="subtle"
            icon={<BugRegular />}
            onClick={() => setOpen(true)}
            data-testid="error-log-button"
          />
        </Tooltip>
        {entries.length > 0 && (
          <Badge className={s.badge} size="small" color="danger" data-testid="error-log-badge">
            {badgeText(entries.length)}
          </Badge>
        )}
      </span>
      <Dialog open={open} onOpenChange={(_, d) => setOpen(d.open)}>
        <DialogSurface className={s.surface} data-testid="error-log-dialog">
          <DialogBody className={s.body}>
            <DialogTitle
              action={
                <Button
                  appearance="subtle"
                  icon={<DismissRegular />}
                  onClick={() => setOpen(false)}
                  aria-label={t('common:close')}
                />
              }
            >
              {t('errorLog.title')}
            </DialogTitle>
            <DialogContent className={s.content}>
              <div className={s.toolbar}>
                <Button
                  appearance="primary"
                  icon={<ArrowUploadRegular />}
                  disabled={!entries.length || busy}
                  onClick={upload}
                  data-testid="error-log-upload"
                >
                  {t('errorLog.upload')}
                </Button>
                <Button
                  icon={<DeleteRegular />}
                  disabled={!entries.length || busy}
                  onClick={clear}
                  data-testid="error-log-clear"
                >
                  {t('errorLog.clear')}
                </Button>
                <Text size={200}>{t('errorLog.count', { count: entries.length })}</Text>
              </div>
              {entries.length === 0 ? (
                <div className={s.empty}>{t('errorLog.empty')}</div>
              ) : (
                <Table size="small" aria-label={t('errorLog.title')}>
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell style={{ width: 80 }}>{t('errorLog.type')}</TableHeaderCell>
                      <TableHeaderCell style={{ width: '22%' }}>{t('errorLog.url')}</TableHeaderCell>
                      <TableHeaderCell style={{ width: '26%' }}>{t('errorLog.message')}</TableHeaderCell>
                      <TableHeaderCell>{t('errorLog.stack')}</TableHeaderCell>
                      <TableHeaderCell style={{ width: 160 }}>{t('errorLog.time')}</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {entries.map((e, i) => (
                      <TableRow key={`${e.time}-${i}`}>
                        <TableCell>
                          <Badge appearance="tint" color={e.type === 'api' ? 'warning' : 'danger'}>
                            {e.type}
                          </Badge>
                        </TableCell>
                        <TableCell className={s.wrap}>{e.url}</TableCell>
                        <TableCell className={s.wrap}>{e.message}</TableCell>
                        <TableCell>
                          <pre className={s.stack}>{e.stack}</pre>
                        </TableCell>
                        <TableCell>{e.time}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(false)}>{t('common:close')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {dialog}
    </>
  )
}
