import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  ProgressBar,
  Text,
  tokens,
} from '@fluentui/react-components'
import { ArrowClockwiseRegular, DismissCircleRegular, PauseRegular, PlayRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { otaFields } from '../../../../db/fields/iot'
import { useBrokerTopic } from '../../shared/broker'
import { invalidate, keyOf, queryClient, useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import type { Text2 } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { useConfirm } from '../../shared/useConfirm'
import { L } from '../system/fields'

type Color = 'informative' | 'warning' | 'success' | 'danger' | 'subtle' | 'brand'

const PHASE_COLORS: Record<string, Color> = {
  draft: 'subtle',
  grey: 'brand',
  all: 'brand',
  paused: 'warning',
  stopped: 'danger',
  done: 'success',
  cancelled: 'subtle',
}
/** Rollout phases (server: blade_product_ota.phase): the field's options, each with a badge colour. */
const PHASES: Record<string, { label: Text2; color: Color }> = Object.fromEntries(
  otaFields.phase.options.map((o) => [o.value, { label: o.label, color: PHASE_COLORS[o.value] }]),
)

const STATES: Record<string, { label: Text2; color: Color }> = {
  pending: { label: L('等待', 'Waiting'), color: 'subtle' },
  notified: { label: L('已通知', 'Told'), color: 'informative' },
  downloading: { label: L('下载中', 'Downloading'), color: 'brand' },
  verifying: { label: L('校验中', 'Verifying'), color: 'brand' },
  success: { label: L('成功', 'Succeeded'), color: 'success' },
  failed: { label: L('失败', 'Failed'), color: 'danger' },
  cancelled: { label: L('已取消', 'Cancelled'), color: 'subtle' },
}

interface Task {
  id: string
  deviceId: string
  name: string
  sn: string
  cohort: string
  state: string
  progress: number
  error?: string | null
  attempts: number
  updateTime: string
  status: number
  firmVersion?: string | null
}
interface Progress {
  ota: {
    id: string
    firmVersion: string
    status: number
    phase: string
    greyPercent: number
    successThreshold: number
    errorThreshold: number
    firmFiles?: string | null
  }
  counts: Record<string, number>
  tasks: Task[]
  /** Where the server pushes this release's changes (tenant/<tenantId>/ota/<id>). */
  topic: string
}
/** What a push carries: the release's phase and counts, and the tasks changed since the last push. */
interface Pushed {
  otaId: string
  phase: string
  pausedPhase?: string | null
  counts: Record<string, number>
  tasks: Task[]
}

const PROGRESS = '/api/blade-productOta/productOta/progress'
/** Without pushes (no broker connection) a running release is polled this often. */
const POLL_MS = 1000
/** With pushes, a slow refresh still catches what the CLI changes (it holds no broker connection). */
const SAFETY_MS = 15_000

const RUNNING = new Set(['grey', 'all', 'paused'])

/**
 * A release's rollout: start, pause/resume, cancel; per-device progress pushed over the broker as devices report
 * (polled each second while it runs when the broker cannot be reached); retry a failed device.
 */
export default function OtaProgress({ id, onClose }: { id: string; onClose: () => void }) {
  const say = useSay()
  const perms = usePermissions()
  const { confirm, dialog } = useConfirm()
  const [live, setLive] = useState(false)
  const { data } = useFetch<Progress>(
    PROGRESS,
    { id },
    {
      refetchInterval: (q) =>
        q.state.data && !RUNNING.has(q.state.data.ota.phase) ? false : live ? SAFETY_MS : POLL_MS,
    },
  )
  useBrokerTopic(
    data?.topic,
    (_t, p) => {
      const pushed = p as Pushed
      const key = keyOf(PROGRESS, { id })
      const before = queryClient.getQueryData<Progress>(key)
      if (!before || pushed.otaId !== id) return
      const known = new Map(before.tasks.map((t) => [t.id, t]))
      // A new phase (the release list shows it too) or a task the screen has not seen (the grey cohort advanced
      // to all devices): read the release's resource again. Otherwise the push is the whole change.
      if (pushed.phase !== before.ota.phase || pushed.tasks.some((t) => !known.has(t.id)))
        return void invalidate(PROGRESS)
      for (const t of pushed.tasks) known.set(t.id, t)
      queryClient.setQueryData<Progress>(key, { ...before, counts: pushed.counts, tasks: [...known.values()] })
    },
    // Subscribed (again): whatever changed before that was not pushed to this page, so read it once.
    () => {
      setLive(true)
      void invalidate(PROGRESS)
    },
  )
  const act = async (verb: string, params: Record<string, string> = {}, ask?: Text2) => {
    if (ask && !(await confirm(say(ask)))) return
    await write(
      `/api/blade-productOta/productOta/${verb}`,
      { params: { id, ...params } },
      { invalidates: ['/api/blade-productOta/productOta', '/api/blade-device/device'] },
    )
    notify.success(say('operationSuccessful'))
  }
  const phase = data ? (PHASES[data.ota.phase] ?? PHASES.draft) : null
  const total = data?.tasks.length ?? 0
  const done = (data?.counts.success ?? 0) + (data?.counts.failed ?? 0)
  const files = data?.ota.firmFiles
    ? (JSON.parse(data.ota.firmFiles) as { name: string; size: number; sha256: string }[])
    : []

  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 880 }} data-testid="ota-progress" data-live={live}>
        <DialogBody>
          <DialogTitle>
            {say(L('固件', 'Firmware'))} {data?.ota.firmVersion}{' '}
            {phase && (
              <Badge appearance="filled" color={phase.color} data-testid="ota-phase" data-phase={data!.ota.phase}>
                {say(phase.label)}
              </Badge>
            )}
          </DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }}>
            {data && (
              <>
                <Text size={200}>
                  {say(
                    data.ota.status === 2
                      ? L(
                          `灰度发布：先 ${data.ota.greyPercent}% 或所选设备；成功率达到 ${data.ota.successThreshold}% 后全量；失败率超过 ${data.ota.errorThreshold}% 自动停止。`,
                          `Grey release: ${data.ota.greyPercent}% or the chosen devices first; all devices once ${data.ota.successThreshold}% succeed; stops itself when failures pass ${data.ota.errorThreshold}%.`,
                        )
                      : L(
                          `全量发布：所有设备；失败率超过 ${data.ota.errorThreshold}% 自动停止。`,
                          `Full release: every device; stops itself when failures pass ${data.ota.errorThreshold}%.`,
                        ),
                  )}
                </Text>
                {files.map((f) => (
                  <Text key={f.name} size={200} font="monospace">
                    {f.name} · {(f.size / 1024).toFixed(0)} KB{f.sha256 ? ` · sha256 ${f.sha256.slice(0, 16)}…` : ''}
                  </Text>
                ))}
                {total > 0 && (
                  <div data-testid="ota-summary">
                    <ProgressBar
                      value={total ? done / total : 0}
                      thickness="large"
                      color={data.counts.failed ? 'warning' : 'brand'}
                    />
                    <Text size={200}>
                      {Object.entries(data.counts)
                        .map(([k, n]) => `${say(STATES[k]?.label ?? L(k, k))} ${n}`)
                        .join(' · ')}{' '}
                      · {say(L(`共 ${total} 台`, `${total} devices`))}
                    </Text>
                  </div>
                )}
                <div
                  style={{ display: 'flex', flexDirection: 'column', gap: 6, maxHeight: 360, overflowY: 'auto' }}
                  data-testid="ota-tasks"
                >
                  {data.tasks.map((t) => {
                    const st = STATES[t.state] ?? STATES.pending
                    return (
                      <div
                        key={t.id}
                        data-testid="ota-task"
                        data-state={t.state}
                        style={{
                          display: 'grid',
                          gridTemplateColumns: '1.4fr 70px 90px 1fr 70px',
                          gap: 8,
                          alignItems: 'center',
                        }}
                      >
                        <Text truncate wrap={false} title={`${t.name} · ${t.sn}`}>
                          {t.name}{' '}
                          <Text size={200} style={{ color: tokens.colorNeutralForeground3 }}>
                            {t.sn}
                          </Text>
                        </Text>
                        <Badge appearance="outline" color={t.cohort === 'grey' ? 'brand' : 'informative'}>
                          {say(t.cohort === 'grey' ? L('灰度', 'Grey') : L('全量', 'All'))}
                        </Badge>
                        <Badge appearance="tint" color={st.color}>
                          {say(st.label)}
                        </Badge>
                        <div title={t.error ?? ''}>
                          <ProgressBar
                            value={t.progress / 100}
                            color={t.state === 'failed' ? 'error' : t.state === 'success' ? 'success' : 'brand'}
                          />
                          {t.error && (
                            <Text size={100} style={{ color: tokens.colorPaletteRedForeground1 }}>
                              {t.error}
                            </Text>
                          )}
                        </div>
                        {t.state === 'failed' && perms.has('iot:ota:retry') && data.ota.phase !== 'cancelled' ? (
                          <Button
                            size="small"
                            icon={<ArrowClockwiseRegular />}
                            onClick={() => void act('retry', { deviceId: t.deviceId })}
                            data-testid="task-retry"
                          >
                            {say(L('重试', 'Retry'))}
                          </Button>
                        ) : (
                          <Text size={200}>{t.progress}%</Text>
                        )}
                      </div>
                    )
                  })}
                  {!data.tasks.length && (
                    <Text size={200}>
                      {say(data.ota.phase === 'draft' ? L('尚未发布', 'not started yet') : 'empty')}
                    </Text>
                  )}
                </div>
              </>
            )}
          </DialogContent>
          <DialogActions>
            {data?.ota.phase === 'draft' && perms.has('iot:ota:rollout') && (
              <Button
                appearance="primary"
                icon={<PlayRegular />}
                onClick={() =>
                  void act(
                    'start',
                    {},
                    L('确定发布该固件？设备将收到升级通知。', 'Start this release? Devices will be told to upgrade.'),
                  )
                }
                data-testid="ota-start"
              >
                {say(L('发布', 'Start'))}
              </Button>
            )}
            {(data?.ota.phase === 'grey' || data?.ota.phase === 'all') && perms.has('iot:ota:pause') && (
              <Button icon={<PauseRegular />} onClick={() => void act('pause')} data-testid="ota-pause">
                {say(L('暂停', 'Pause'))}
              </Button>
            )}
            {(data?.ota.phase === 'paused' || data?.ota.phase === 'stopped') && perms.has('iot:ota:pause') && (
              <Button icon={<PlayRegular />} onClick={() => void act('resume')} data-testid="ota-resume">
                {say(L('继续', 'Resume'))}
              </Button>
            )}
            {data && !['draft', 'done', 'cancelled'].includes(data.ota.phase) && perms.has('iot:ota:cancel') && (
              <Button
                icon={<DismissCircleRegular />}
                onClick={() =>
                  void act(
                    'cancel',
                    {},
                    L('确定取消？未完成的设备将放弃本次升级。', 'Cancel? Devices not done yet drop this upgrade.'),
                  )
                }
                data-testid="ota-cancel"
              >
                {say(L('取消发布', 'Cancel rollout'))}
              </Button>
            )}
            <Button appearance="secondary" onClick={onClose}>
              {say(L('关闭', 'Close'))}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
      {dialog}
    </Dialog>
  )
}
