import {
  Badge,
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { DismissRegular, EyeRegular, StopRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ActionContext, ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { useConfirm } from '../../shared/useConfirm'
import LabTerminal from '../../portal/lab/Terminal'
import WarmPools from './WarmPools'
import { runningLabFields } from '../../../../db/fields/lab'
import { screenFields } from '../../shared/resource/fields'
import { L } from '../system/fields'
import '../../portal/lab/locale'

const BASE = '/api/hm-userContainer/userContainer'

/** Running labs: who, which experiment, since when, CPU and memory now; stop, or watch the learner's terminal read-only. */
export default function Running() {
  const { t } = useTranslation('lab')
  const say = useSay()
  const perms = usePermissions()
  const { confirm, dialog } = useConfirm()
  const [watch, setWatch] = useState<Row | null>(null)

  const stop = async (rows: Row[], ctx: ActionContext) => {
    if (!rows.length) return
    if (!(await confirm(t('running.stopConfirm', { n: rows.length })))) return
    const r = await write<{ stopped: number }>(`${BASE}/stop`, { params: { ids: rows.map((x) => x.id).join(',') } })
    notify.success(t('running.stopped', { n: r.stopped }))
    ctx.reload()
  }

  const screen: ResourceScreen = {
    base: BASE,
    perm: 'lab:running',
    title: L('运行中的实验', 'Running labs'),
    listPath: 'running',
    actions: { add: false, edit: false, delete: false, view: false, selection: perms.has('lab:running:stop') },
    fields: screenFields(runningLabFields, {
      realName: { width: 120 },
      account: { width: 120 },
      experimentTitle: {},
      startTime: { width: 170 },
      expireTime: { width: 170 },
      cpuPercent: { width: 90 },
      memoryMb: { width: 110 },
      renewals: { width: 90 },
    }),
    toolbar: (ctx) => (
      <>
        {perms.has('lab:running:stop') && (
          <Button
            icon={<StopRegular />}
            onClick={() =>
              ctx.selected.length ? void stop(ctx.selected, ctx) : notify.warning(say('selectAtLeastOne'))
            }
            data-testid="running-stop"
          >
            {t('running.stop')}
          </Button>
        )}
        <WarmPools />
      </>
    ),
    rowActions: (row, ctx) => (
      <>
        <Badge appearance="tint" color={row.attached ? 'success' : 'informative'}>
          {row.attached ? t('running.attached') : t('running.detached')}
        </Badge>
        {perms.has('lab:running:observe') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<EyeRegular />}
            onClick={() => setWatch(row)}
            data-testid="row-observe"
          >
            {t('running.observe')}
          </Button>
        )}
        {perms.has('lab:running:stop') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<StopRegular />}
            onClick={() => void stop([row], ctx)}
            data-testid="row-stop"
          >
            {t('running.stop')}
          </Button>
        )}
      </>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      <Dialog
        open={!!watch}
        onOpenChange={(_, d) => {
          if (!d.open) setWatch(null)
        }}
      >
        <DialogSurface style={{ maxWidth: 960, width: '90vw' }}>
          <DialogBody>
            <DialogTitle
              action={
                <Button
                  appearance="subtle"
                  icon={<DismissRegular />}
                  aria-label={t('running.close')}
                  onClick={() => setWatch(null)}
                />
              }
            >
              {watch &&
                t('running.observerTitle', {
                  name: String(watch.realName ?? watch.account ?? ''),
                  title: String(watch.experimentTitle ?? ''),
                })}
            </DialogTitle>
            <DialogContent style={{ height: '60vh' }}>
              {watch && <LabTerminal labId={String(watch.id)} observe />}
            </DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {dialog}
    </>
  )
}
