import { Badge, Card, CardHeader, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Link, useSearchParams } from 'react-router-dom'
import { useFetch } from '../../shared/data'
import { useSay } from '../../shared/resource/text'

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
  line: { display: 'grid', gridTemplateColumns: '140px 1fr', gap: tokens.spacingHorizontalS },
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
/** Device status refreshes this often for visitors (they hold no broker connection). */
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
        <Spinner />
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
        <Spinner />
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

/** /home/iot-device-detail?id=: one device, its status kept current. */
export function IotDeviceDetail() {
  const s = useStyles()
  const say = useSay()
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  const { data: d, isError } = useFetch<Device>(
    id ? '/api/nop-wbp/iot/device/detail' : undefined,
    { id },
    { refetchInterval: LIVE_MS },
  )
  if (isError)
    return (
      <div className={s.page}>
        <Text>{say('empty')}</Text>
      </div>
    )
  if (!d)
    return (
      <div className={s.page}>
        <Spinner />
      </div>
    )
  const line = (label: { zh: string; en: string }, value?: string | null) => (
    <div className={s.line}>
      <Text className={s.muted}>{say(label)}</Text>
      <Text>{value ?? '—'}</Text>
    </div>
  )
  return (
    <div className={s.page} data-testid="iot-device-detail">
      <Link to={`/home/iot-device?productId=${d.productId}`}>{say(L('← 返回设备列表', '← Back to the devices'))}</Link>
      <Text as="h1" size={700} weight="semibold">
        {d.name} <Status on={d.status === 1} />
      </Text>
      {line(L('所属产品', 'Product'), d.productName)}
      {line(L('安装地址', 'Address'), d.addr)}
      {line(L('固件版本', 'Firmware'), d.firmVersion)}
      {line(L('最近上线', 'Last came online'), d.activeTime)}
      {line(L('最近通信', 'Last heard'), d.lastSeen)}
    </div>
  )
}
