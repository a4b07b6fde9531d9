import { command, commandDetail, device, deviceLog, product, productOta } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { first } from '../../lib/rows.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { SYSTEM_USER } from '../../lib/reference/system-user.ts'
import { formatDateTime, now } from '../../lib/time.ts'
import { randomToken } from '../../lib/tokens.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'

const DEMO = 'demo data is written once for a new tenant, by the system'

/** Product keys name a product on the broker (a topic level): short, URL- and topic-safe, unguessable enough. */
export const newProductKey = () => `p${randomToken().replace(/[-_]/g, '').slice(0, 11)}`

/**
 * First start: a small campus IoT lab so the screens have something to show —
 * a classroom sensor product with three devices around the school, a command
 * with typed parameters, and a day of temperature readings. Keys and secrets
 * are generated per install (never shipped), like any product made on screen.
 */
export async function seedDemoIot(db: Db, tenantId = '000000') {
  const audit = { tenantId, createUser: SYSTEM_USER, createTime: now(), updateUser: SYSTEM_USER, updateTime: now() }
  // Only the first start seeds it (boot.ts asks seedDemoSchool); the tenant having any product yet also leaves it be.
  await withTransaction(db, async (tx) => {
    if (
      await first(
        tx
          .select({ id: product.id })
          .from(product)
          .where(tenantRows(product, tenantId, { why: DEMO, withDeleted: true })),
      )
    )
      return
    const productId = newId()
    const productKey = newProductKey()
    await tx.insert(product).values({
      ...audit,
      id: productId,
      name: '教室环境传感器',
      categoryId: 1,
      productKey,
      productSecret: randomToken(),
      topic: `dev/${productKey}/+`,
      keepAliveTime: 60,
      remark: '温度、湿度；每 5 秒上报 / temperature and humidity every 5 s',
    })
    const places: [string, string, number, number, string][] = [
      ['sim-001', '一号楼 301 教室', 31.2304, 121.4737, '一号楼三层'],
      ['sim-002', '实验楼 105 创客空间', 31.2311, 121.4752, '实验楼一层'],
      ['sim-003', '图书馆阅览室', 31.2296, 121.4721, '图书馆二层'],
    ]
    const ids: string[] = []
    for (const [sn, name, lat, lon, addr] of places) {
      const id = newId()
      await tx.insert(device).values({
        ...audit,
        id,
        status: 0,
        name,
        sn,
        serialNo: sn.toUpperCase(),
        productId,
        lat,
        lon,
        addr,
        secret: randomToken(),
        firmVersion: '1.0.0',
      })
      ids.push(id)
    }
    const commandId = newId()
    await tx
      .insert(command)
      .values({ ...audit, id: commandId, productId, name: '设置上报间隔', code: 'setInterval', timeout: 10 })
    await tx.insert(commandDetail).values({
      ...audit,
      id: newId(),
      commandId,
      name: '间隔（秒）',
      code: 'seconds',
      type: 'int',
      required: 1,
      defaultValue: '5',
      sort: 1,
    })
    await tx.insert(command).values({ ...audit, id: newId(), productId, name: '重启', code: 'reboot', timeout: 10 })
    // The firmware the devices came with, as a finished release: the next version is uploaded on the OTA screen.
    await tx.insert(productOta).values({
      ...audit,
      id: newId(),
      productId,
      firmVersion: '1.0.0',
      status: 1,
      phase: 'done',
      remark: '出厂固件 / factory firmware',
    })
    // A day of hourly readings from the first device: the log chart's demo.
    const start = Date.now() - 24 * 3_600_000
    for (let h = 0; h < 24; h++) {
      const temperature = +(22 + 3 * Math.sin((h / 24) * 2 * Math.PI)).toFixed(1)
      await tx.insert(deviceLog).values({
        ...audit,
        id: newId(),
        deviceId: ids[0],
        productId,
        type: 'telemetry',
        content: JSON.stringify({ temperature, humidity: 45 + (h % 5) }),
        createTime: formatDateTime(new Date(start + h * 3_600_000)),
      })
    }
  })
}
