import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Tab,
  TabList,
  Text,
  tokens,
} from '@fluentui/react-components'
import { ArrowSyncRegular, DeleteRegular, EditRegular, KeyRegular, LocationRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { deviceFields as f } from '../../../../db/fields/iot'
import { fetchOnce, useDetail, useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import type { Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { useConfirm } from '../../shared/useConfirm'
import { L } from '../system/fields'
import SendCommand from './SendCommand'
import TelemetryChart from './TelemetryChart'

interface Device {
  id: string
  name: string
  sn: string
  serialNo?: string
  productId: string
  status: number
  lat?: number | null
  lon?: number | null
  activeTime?: string
  lastSeen?: string
  addr?: string
  firmVersion?: string
  remark?: string
}
interface Product {
  id: string
  name: string
  productKey: string
}

/** A device's page: what it is, whether it is online (live), how it signs in, its commands and its telemetry. */
export default function DeviceDialog({
  id,
  onClose,
  onEdit,
  onRemove,
}: {
  id: string
  onClose: () => void
  onEdit: (row: Row) => void
  onRemove: (id: string) => void
}) {
  const say = useSay()
  const perms = usePermissions()
  const { confirm, dialog } = useConfirm()
  const [tab, setTab] = useState('info')
  const [secret, setSecret] = useState<string>()
  const { data: d } = useDetail<Device>('/api/blade-device/device', id)
  const { data: products } = useFetch<Product[]>('/api/blade-product/product/allproduct')
  const product = products?.find((p) => p.id === d?.productId)

  const showSecret = async () =>
    setSecret((await fetchOnce<{ secret: string }>('/api/blade-device/device/secret', { id })).secret)
  const rotate = async () => {
    if (
      !(await confirm(
        say(
          L(
            '更换后设备须使用新密钥重新连接，当前连接将立即断开。确定更换？',
            'The device must reconnect with the new secret; its current connection ends now. Rotate?',
          ),
        ),
      ))
    )
      return
    const r = await write<{ secret: string }>(
      '/api/blade-device/device/rotate-secret',
      { params: { id } },
      { invalidates: ['/api/blade-device/device'] },
    )
    setSecret(r.secret)
    notify.success(say('operationSuccessful'))
  }

  const line = (label: { zh: string; en: string }, value: React.ReactNode, testId?: string) => (
    <div style={{ display: 'grid', gridTemplateColumns: '140px 1fr', gap: 8 }}>
      <Text style={{ color: tokens.colorNeutralForeground3 }}>{say(label)}</Text>
      <Text data-testid={testId}>{value ?? '—'}</Text>
    </div>
  )

  return (
    <Dialog
      open
      onOpenChange={(_, v) => {
        if (!v.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 760 }} data-testid="device-dialog">
        <DialogBody>
          <DialogTitle>
            {d?.name ?? '…'}{' '}
            {d && (
              <Badge appearance="filled" color={d.status === 1 ? 'success' : 'subtle'} data-testid="device-status">
                {say((f.status.options.find((o) => o.value === d.status) ?? f.status.options[0]).label)}
              </Badge>
            )}
          </DialogTitle>
          <DialogContent>
            <TabList selectedValue={tab} onTabSelect={(_, v) => setTab(String(v.value))} style={{ marginBottom: 12 }}>
              <Tab value="info">{say(L('设备信息', 'Device'))}</Tab>
              <Tab value="command" data-testid="tab-command">
                {say(L('指令', 'Commands'))}
              </Tab>
              <Tab value="telemetry" data-testid="tab-telemetry">
                {say(L('遥测', 'Telemetry'))}
              </Tab>
            </TabList>
            {d && tab === 'info' && (
              <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
                {line(f.productId.label, product?.name)}
                {line(f.sn.label, d.sn)}
                {line(f.serialNo.label, d.serialNo)}
                {line(f.firmVersion.label, d.firmVersion, 'device-firmware')}
                {line(f.activeTime.label, d.activeTime)}
                {line(f.lastSeen.label, d.lastSeen)}
                {line(f.addr.label, d.addr)}
                {line(
                  L('经纬度', 'Coordinates'),
                  d.lat != null && d.lon != null ? (
                    <a
                      href={`https://www.openstreetmap.org/?mlat=${d.lat}&mlon=${d.lon}#map=18/${d.lat}/${d.lon}`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      <LocationRegular /> {d.lat.toFixed(5)}, {d.lon.toFixed(5)}
                    </a>
                  ) : null,
                )}
                {line(
                  L('MQTT 用户名', 'MQTT user name'),
                  product ? <code>{`${product.productKey}/${d.sn}`}</code> : null,
                )}
                {line(
                  L('主题前缀', 'Topic root'),
                  product ? <code>{`dev/${product.productKey}/${d.sn}/`}</code> : null,
                )}
                {perms.has('iot:device:edit') &&
                  line(
                    f.secret.label,
                    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                      <code data-testid="device-secret">{secret ?? '••••••••'}</code>
                      {!secret && (
                        <Button
                          size="small"
                          icon={<KeyRegular />}
                          onClick={() => void showSecret()}
                          data-testid="secret-show"
                        >
                          {say(L('显示', 'Show'))}
                        </Button>
                      )}
                      <Button
                        size="small"
                        icon={<ArrowSyncRegular />}
                        onClick={() => void rotate()}
                        data-testid="secret-rotate"
                      >
                        {say(L('更换密钥', 'Rotate'))}
                      </Button>
                    </span>,
                  )}
                {line(f.remark.label, d.remark)}
              </div>
            )}
            {tab === 'command' && <SendCommand deviceId={id} />}
            {tab === 'telemetry' && <TelemetryChart deviceId={id} />}
          </DialogContent>
          <DialogActions>
            {d && perms.has('iot:device:edit') && (
              <Button icon={<EditRegular />} onClick={() => onEdit(d as unknown as Row)} data-testid="device-edit">
                {say('edit')}
              </Button>
            )}
            {d && perms.has('iot:device:delete') && (
              <Button icon={<DeleteRegular />} onClick={() => onRemove(d.id)} data-testid="device-delete">
                {say('delete')}
              </Button>
            )}
            <Button appearance="primary" onClick={onClose}>
              {say(L('关闭', 'Close'))}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
      {dialog}
    </Dialog>
  )
}
