import { Badge, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { useBrokerTopic } from '../../shared/broker'
import { invalidate, keyOf, queryClient, useFetch } from '../../shared/data'
import Loading from '../../shared/Loading'
import { useSay } from '../../shared/resource/text'
import LiveTelemetry, { numericFields, type Reading } from './LiveTelemetry'

const useStyles = makeStyles({
  page: {
    maxWidth: '1200px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  img: {
    width: '100%',
    height: '140px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  line: { display: 'grid', gridTemplateColumns: '120px 1fr', gap: tokens.spacingHorizontalS },
  title: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  columns: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  readings: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  reading: { display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
})

interface Product {
  id: string
  name: string
  imgUrl?: string | null
  remark?: string | null
  devices: number
  online: number
}
interface Device {
  latest?: Reading | null
  topics: { status: string; telemetry: string }
  id: string
  name: string
  productId: string
  productName?: string
  status: number
  activeTime?: string | null
  lastSeen?: string | null
  firmVersion?: string | null
  addr?: string | null
}

const L = (zh: string, en: string) => ({ zh, en })
/** How often pages poll when no broker pushes arrive (guests hold no broker connection). */
const LIVE_MS = 5000

function Status({ on }: { on: boolean }) {
  const say = useSay()
  return (
    <Badge appearance="filled" color={on ? 'success' : 'subtle'} data-testid="portal-device-status">
      {say(on ? L('在线', 'Online') : L('离线', 'Offline'))}
    </Badge>
  )
}

/** /home/iot: the school's IoT hardware, product by product, with how many devices are online. */
export function IotCatalogue() {
  const s = useStyles()
  const say = useSay()
  const { data } = useFetch<Product[]>('/api/nop-wbp/iot/product/list', undefined, { refetchInterval: LIVE_MS })
  return (
    <div className={s.page}>
      <Text as="h1" size={700} weight="semibold">
        {say(L('物联网硬件', 'IoT hardware'))}
      </Text>
      {!data ? (
        <Loading />
      ) : !data.length ? (
        <Text>{say('empty')}</Text>
      ) : (
        <div className={s.grid} data-testid="iot-products">
          {data.map((p) => (
            <Link key={p.id} to={`/home/iot-device?productId=${p.id}`} style={{ textDecoration: 'none' }}>
              <Card>
                {p.imgUrl ? <img className={s.img} src={p.imgUrl} alt="" /> : <div className={s.img} />}
                <CardHeader
                  header={
                    <Text weight="semibold" size={400}>
                      {p.name}
                    </Text>
                  }
                  description={
                    <Text size={200}>
                      {say(L(`${p.online}/${p.devices} 台在线`, `${p.online} of ${p.devices} online`))}
                    </Text>
                  }
                />
                {p.remark && (
                  <Text size={200} className={s.muted}>
                    {p.remark}
                  </Text>
                )}
              </Card>
            </Link>
          ))}
        </div>
      )}
    </div>
  )
}

/** /home/iot-device?productId=: a product's devices and whether each is online. */
export function IotDevices() {
  const s = useStyles()
  const say = useSay()
  const [params] = useSearchParams()
  const productId = params.get('productId') ?? ''
  const { data } = useFetch<Device[]>(
    productId ? '/api/nop-wbp/iot/device/list' : undefined,
    { productId },
    { refetchInterval: LIVE_MS },
  )
  return (
    <div className={s.page}>
      <Link to="/home/iot">{say(L('← 全部产品', '← All products'))}</Link>
      {!data ? (
        <Loading />
      ) : !data.length ? (
        <Text>{say('empty')}</Text>
      ) : (
        <div className={s.grid} data-testid="iot-devices">
          {data.map((d) => (
            <Link key={d.id} to={`/home/iot-device-detail?id=${d.id}`} style={{ textDecoration: 'none' }}>
              <Card>
                <CardHeader header={<Text weight="semibold">{d.name}</Text>} action={<Status on={d.status === 1} />} />
                <Text size={200} className={s.muted}>
                  {d.addr ?? ''}
                </Text>
              </Card>
            </Link>
          ))}
        </div>
      )}
    </div>
  )
}

/** /home/iot-device-detail?id=: one device, its status and readings live (over the broker once signed in). */
export function IotDeviceDetail() {
  const s = useStyles()
  const say = useSay()
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  const [live, setLive] = useState(false)
  const [status, setStatus] = useState<number>()
  const [readings, setReadings] = useState<Reading[]>([])
  const [chosen, setChosen] = useState<string>()
  const { data: d, isError } = useFetch<Device>(
    id ? '/api/nop-wbp/iot/device/detail' : undefined,
    { id },
    // Without a broker connection (a guest) the page polls; pushes make the poll unnecessary. A missing device
    // is said on the page itself (no toast, no polling).
    { silent: true, refetchInterval: (q) => (live || q.state.status === 'error' ? false : LIVE_MS) },
  )
  const catchUp = () => {
    setLive(true)
    void invalidate('/api/nop-wbp/iot/device')
  }
  useBrokerTopic(
    d?.topics.status,
    (_t, p) => {
      const pushed = p as { status?: number }
      if (pushed.status !== 0 && pushed.status !== 1) return
      setStatus(pushed.status)
      // When it came online and was last heard: one read of the device (statuses change seldom).
      void queryClient.invalidateQueries({ queryKey: keyOf('/api/nop-wbp/iot/device/detail', { id }) })
    },
    catchUp,
  )
  useBrokerTopic(
    d?.topics.telemetry,
    (_t, p) => {
      const pushed = (p as { readings?: Reading[] }).readings ?? []
      setReadings((rs) => [...rs, ...pushed].slice(-300))
    },
    catchUp,
  )
  // A fresh detail is the truth again (status, latest): pushes before it are already inside it.
  useEffect(() => {
    setStatus(undefined)
  }, [d])

  if (isError)
    return (
      <div className={s.page}>
        <Link to="/home/iot">{say(L('← 全部产品', '← All products'))}</Link>
        <Text data-testid="iot-device-missing">{say(L('找不到该设备', 'This device could not be found'))}</Text>
      </div>
    )
  if (!d)
    return (
      <div className={s.page}>
        <Loading />
      </div>
    )
  const latest = readings.at(-1) ?? d.latest
  const fields = numericFields(latest)
  const field = chosen && fields.includes(chosen) ? chosen : fields[0]
  const line = (label: { zh: string; en: string }, value?: string | null) => (
    <div className={s.line}>
      <Text className={s.muted}>{say(label)}</Text>
      <Text>{value ?? '—'}</Text>
    </div>
  )
  return (
    <div className={s.page} data-testid="iot-device-detail">
      <Link to={`/home/iot-device?productId=${d.productId}`}>{say(L('← 返回设备列表', '← Back to the devices'))}</Link>
      <div className={s.title}>
        <Text as="h1" size={700} weight="semibold">
          {d.name}
        </Text>
        <Status on={(status ?? d.status) === 1} />
        <Text size={200} className={s.muted} data-testid="portal-device-live">
          {say(live ? L('实时更新', 'Live') : L('每 5 秒刷新', 'Refreshed every 5 s'))}
        </Text>
      </div>
      <div className={s.columns}>
        <Card className={s.card}>
          <Text as="h2" size={500} weight="semibold">
            {say(L('设备信息', 'Device'))}
          </Text>
          {line(L('所属产品', 'Product'), d.productName)}
          {line(L('安装地址', 'Address'), d.addr)}
          {line(L('固件版本', 'Firmware'), d.firmVersion)}
          {line(L('最近上线', 'Last came online'), d.activeTime)}
          {line(L('最近通信', 'Last heard'), d.lastSeen)}
        </Card>
        <Card className={s.card}>
          <Text as="h2" size={500} weight="semibold">
            {say(L('最新读数', 'Latest reading'))}
          </Text>
          {latest ? (
            <>
              <div className={s.readings} data-testid="portal-latest-reading">
                {Object.entries(latest.data).map(([k, v]) => (
                  <div key={k} className={s.reading}>
                    <Text size={200} className={s.muted}>
                      {k}
                    </Text>
                    <Text size={500} weight="semibold" data-testid={`reading-${k}`}>
                      {typeof v === 'object' ? JSON.stringify(v) : String(v)}
                    </Text>
                  </div>
                ))}
              </div>
              <Text size={200} className={s.muted}>
                {latest.time}
              </Text>
            </>
          ) : (
            <Text className={s.muted}>{say(L('设备尚未上报数据', 'The device has not reported yet'))}</Text>
          )}
        </Card>
      </div>
      <Card className={s.card}>
        <Text as="h2" size={500} weight="semibold">
          {say(L('遥测曲线', 'Telemetry over time'))}
        </Text>
        {field ? (
          <LiveTelemetry
            deviceId={d.id}
            fields={fields}
            field={field}
            onField={setChosen}
            live={readings}
            poll={live ? false : LIVE_MS}
          />
        ) : (
          <Text className={s.muted}>{say(L('暂无数值数据', 'No numeric readings yet'))}</Text>
        )}
      </Card>
    </div>
  )
}
