import {
  Button,
  Card,
  Dialog,
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
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowLeftRegular, DismissRegular, EyeRegular, StarRegular } from '@fluentui/react-icons'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router-dom'
import { useFetch, write } from '../../../shared/data'
import Loading from '../../../shared/Loading'
import { notify } from '../../../shared/notify'
import Pager from '../../../shared/Pager'
import { usePermissions } from '../../../shared/permissions'
import { DESIGN, type Page } from '../api'
import FormFields from '../work/FormFields'
import { parseFormContent } from '../work/form-content'
import '../locale'

const ProcessDiagram = lazy(() => import('../diagram/ProcessDiagram'))

interface Version {
  id: string
  version: number
  /** A model's saved XML, or a form's saved fields. */
  xml?: string
  content?: string
  createUser?: string
  createUserName?: string
  createTime?: string
}

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
})

/**
 * A model's or a form's saved versions (spec §2 /workflow/design/model/history/:id, /workflow/design/form/history/:id;
 * design/<kind>/history): each can be looked at (a model's as its diagram, a form's as its fields), and one made the
 * main version (design/<kind>/setMainVersion with { id, version: the saved version's number }: its XML or fields
 * become the model's or form's current ones; deployments are untouched).
 */
export default function VersionHistory({ kind }: { kind: 'model' | 'form' }) {
  const s = useStyles()
  const { t } = useTranslation('workflow')
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const perms = usePermissions()
  const [paging, setPaging] = useState({ current: 1, size: 10 })
  const [shown, setShown] = useState<Version | null>(null)
  const base = `${DESIGN}/${kind}`
  const model = useFetch<{ name: string; version: number }>(`${base}/detail`, { id })
  const list = useFetch<Page<Version>>(`${base}/history`, { id, ...paging })
  const rows = list.data?.records ?? []

  const makeMain = async (v: Version) => {
    await write(`${base}/setMainVersion`, { body: { id, version: v.version } })
    notify.success(t('history.mainDone'))
  }

  return (
    <Card className={s.card}>
      <div className={s.head}>
        <Button icon={<ArrowLeftRegular />} appearance="subtle" onClick={() => navigate(`/workflow/design/${kind}`)}>
          {t(`history.${kind}Back`)}
        </Button>
        <Title3>{t(`history.${kind}Title`, { name: model.data?.name ?? '' })}</Title3>
      </div>
      {list.isLoading ? (
        <Loading />
      ) : !rows.length ? (
        <Text>{t('history.empty')}</Text>
      ) : (
        <Table data-testid="version-history">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('history.version')}</TableHeaderCell>
              <TableHeaderCell>{t('history.createUser')}</TableHeaderCell>
              <TableHeaderCell>{t('history.createTime')}</TableHeaderCell>
              <TableHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((v) => (
              <TableRow key={v.id}>
                <TableCell>
                  v{v.version} {v.version === model.data?.version && <Text italic>({t('history.current')})</Text>}
                </TableCell>
                <TableCell>{v.createUserName ?? v.createUser ?? ''}</TableCell>
                <TableCell>{v.createTime ?? ''}</TableCell>
                <TableCell>
                  <Button size="small" appearance="transparent" icon={<EyeRegular />} onClick={() => setShown(v)}>
                    {t('history.view')}
                  </Button>
                  {perms.has(`workflow:design:${kind}:history`) && (
                    <Button
                      size="small"
                      appearance="transparent"
                      icon={<StarRegular />}
                      onClick={() => void makeMain(v)}
                      data-testid="row-main"
                    >
                      {t('history.main')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pager
        current={paging.current}
        size={paging.size}
        total={list.data?.total ?? 0}
        sizes={[10, 30, 50]}
        onChange={(current, size) => setPaging({ current, size })}
      />
      <Dialog open={!!shown} onOpenChange={(_, d) => !d.open && setShown(null)}>
        <DialogSurface style={{ maxWidth: 1000, width: '90vw' }}>
          <DialogBody>
            <DialogTitle
              action={
                <Button
                  appearance="subtle"
                  icon={<DismissRegular />}
                  aria-label={t(`history.${kind}Back`)}
                  onClick={() => setShown(null)}
                />
              }
            >
              v{shown?.version}
            </DialogTitle>
            <DialogContent>
              {kind === 'model' ? (
                <Suspense fallback={<Loading />}>
                  {shown && <ProcessDiagram xml={shown.xml ?? ''} flow={[]} />}
                </Suspense>
              ) : (
                shown && <FormFields fields={parseFormContent(shown.content)} values={{}} onChange={() => undefined} />
              )}
            </DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </Card>
  )
}
