import {
  Body1,
  Button,
  Caption1,
  Card,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowDownloadRegular, DeleteRegular, SaveRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { api } from '../../shared/api'
import { useAction, useFetch, write } from '../../shared/data'
import Loading from '../../shared/Loading'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import { useConfirm } from '../../shared/useConfirm'
import './locale'
import { ScheduleCard } from './ScheduleCard'

interface Backup {
  name: string
  size: number
  kind: string
  trigger: 'manual' | 'nightly' | 'pre-upgrade'
  appVersion: string
  migration: string | null
  createdAt: string
}

const BASE = '/api/blade-backup/backup'
const CODE = 'system:backup'

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  code: {
    fontFamily: tokens.fontFamilyMonospace,
    background: tokens.colorNeutralBackground3,
    padding: '2px 6px',
    borderRadius: tokens.borderRadiusSmall,
  },
})

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 2 : 1)} MB`

/** Backups of the whole appliance: make one now, download or delete them; restoring is a CLI command on the appliance itself. */
export default function Backups() {
  const { t } = useTranslation('backup')
  const s = useStyles()
  const { has } = usePermissions()
  const { confirm, dialog } = useConfirm()
  const { data: rows } = useFetch<Backup[]>(`${BASE}/list`)
  // Creating and deleting refresh every read of the backups resource: the list and the schedule card's newest backup.
  const create = useAction(`${BASE}/create`)
  const make = async () => {
    await create.mutateAsync({})
    notify.success(t('created'))
  }
  const remove = async (b: Backup) => {
    if (!(await confirm(t('confirmDelete', { name: b.name })))) return
    await write(`${BASE}/remove`, { params: { names: b.name } })
  }

  return (
    <div className={s.page} data-testid="backups-page">
      <Title3 as="h1">{t('title')}</Title3>
      <Card>
        <Body1>{t('intro')}</Body1>
        <Caption1>
          {t('restoreHint')} <span className={s.code}>npx atrium restore &lt;file&gt;</span>
        </Caption1>
      </Card>
      <ScheduleCard base={BASE} canEdit={has(`${CODE}:edit`)} />
      <div className={s.bar}>
        {has(`${CODE}:add`) && (
          <Button
            appearance="primary"
            icon={create.isPending ? <Loading size="tiny" /> : <SaveRegular />}
            disabled={create.isPending}
            onClick={() => void make().catch(() => undefined)}
            data-testid="backup-create"
          >
            {create.isPending ? t('creating') : t('create')}
          </Button>
        )}
      </div>
      {rows === undefined ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Body1>{t('empty')}</Body1>
      ) : (
        <Table aria-label={t('title')} data-testid="backup-table">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('name')}</TableHeaderCell>
              <TableHeaderCell>{t('trigger')}</TableHeaderCell>
              <TableHeaderCell>{t('createdAt')}</TableHeaderCell>
              <TableHeaderCell>{t('size')}</TableHeaderCell>
              <TableHeaderCell>{t('version')}</TableHeaderCell>
              <TableHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((b) => (
              <TableRow key={b.name}>
                <TableCell>{b.name}</TableCell>
                <TableCell>{t(`triggers.${b.trigger}`)}</TableCell>
                <TableCell>{b.createdAt}</TableCell>
                <TableCell>{mb(b.size)}</TableCell>
                <TableCell>
                  {b.appVersion} · {b.migration ?? '-'}
                </TableCell>
                <TableCell>
                  {has(`${CODE}:download`) && (
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<ArrowDownloadRegular />}
                      onClick={() => void api.download(`${BASE}/download`, { name: b.name }, b.name)}
                    >
                      {t('download')}
                    </Button>
                  )}
                  {has(`${CODE}:delete`) && (
                    <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => void remove(b)}>
                      {t('delete')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {dialog}
    </div>
  )
}
