import { describe, expect, it } from 'vitest'
import { deviceLog } from '../../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'
import { formatDateTime } from '../../lib/time.ts'
import { testApp } from '../../../tests/support/harness.ts'

/** The portal's IoT calls: open to visitors of the tenant, no secrets, bad ids named. */
describe('portal IoT (nop-wbp/iot)', async () => {
  const t = await testApp()

  it("a visitor sees the product catalogue with device counts, a product's devices and one device, without secrets or serial numbers", async () => {
    const products = (await t.get('/api/nop-wbp/iot/product/list')).body.data
    const demo = products.find((p: any) => p.name === '教室环境传感器')
    expect(demo).toMatchObject({ devices: 3, online: 0 })
    expect(demo.productKey).toBeUndefined()
    const devices = (await t.get('/api/nop-wbp/iot/device/list', undefined, { productId: demo.id })).body.data
    expect(devices).toHaveLength(3)
    for (const d of devices) {
      expect(d.secret).toBeUndefined()
      expect(d.sn).toBeUndefined()
      expect(d.lat).toBeUndefined()
    }
    const one = await t.get('/api/nop-wbp/iot/device/detail', undefined, { id: devices[0].id })
    expect(one.body.data).toMatchObject({
      id: devices[0].id,
      productName: '教室环境传感器',
      status: 0,
      topics: {
        status: `tenant/000000/device/${devices[0].id}/status`,
        telemetry: `tenant/000000/device/${devices[0].id}/telemetry`,
      },
    })
    expect(one.body.data.secret).toBeUndefined()
  })

  it("a device's latest reading and the recent history of one numeric field, oldest first", async () => {
    const products = (await t.get('/api/nop-wbp/iot/product/list')).body.data
    const demo = products.find((p: any) => p.name === '教室环境传感器')
    const [dev] = (await t.get('/api/nop-wbp/iot/device/list', undefined, { productId: demo.id })).body.data
    const { latest } = (await t.get('/api/nop-wbp/iot/device/detail', undefined, { id: dev.id })).body.data
    expect(typeof latest.data.temperature).toBe('number')
    expect(typeof latest.data.humidity).toBe('number')
    const series = (await t.get('/api/nop-wbp/iot/device/series', undefined, { id: dev.id, field: 'temperature' })).body
      .data as { time: string; value: number }[]
    expect(series.length).toBeGreaterThan(10)
    expect(series.every((p) => typeof p.value === 'number')).toBe(true)
    expect(series.map((p) => p.time)).toEqual(series.map((p) => p.time).sort())
    expect(series.at(-1)!.time).toBe(latest.time)
    const none = await t.get('/api/nop-wbp/iot/device/series', undefined, { id: dev.id, field: 'pressure' })
    expect(none.body.data).toEqual([])
    const bad = await t.get('/api/nop-wbp/iot/device/series', undefined, { id: dev.id, field: "x') or 1=1 --" })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('field')
    expect((await t.get('/api/nop-wbp/iot/device/series', undefined, { id: '999999', field: 'x' })).status).toBe(404)
  })

  it('a reading that is not JSON, or whose field is not a number, is left out; a dotted field reads nested values', async () => {
    const products = (await t.get('/api/nop-wbp/iot/product/list')).body.data
    const demo = products.find((p: any) => p.name === '教室环境传感器')
    const [dev] = (await t.get('/api/nop-wbp/iot/device/list', undefined, { productId: demo.id })).body.data
    const series = async (field: string) =>
      (await t.get('/api/nop-wbp/iot/device/series', undefined, { id: dev.id, field })).body.data as {
        time: string
        value: number
      }[]
    const before = await series('temperature')
    const at = formatDateTime(new Date())
    for (const content of ['not json {', '{"temperature":"hot"}', '{"temperature":{"c":1}}', '{"env":{"t":1.5}}'])
      await t.services.db.insert(deviceLog).values({
        id: newId(),
        tenantId: '000000',
        deviceId: dev.id,
        productId: demo.id,
        type: 'telemetry',
        content,
        createTime: at,
      })
    expect(await series('temperature')).toEqual(before)
    expect(await series('env.t')).toEqual([{ time: at, value: 1.5 }])
    expect(await series('env')).toEqual([])
  })

  it("bad or foreign ids: 400 naming the field, 404 for another tenant's device", async () => {
    expect((await t.get('/api/nop-wbp/iot/device/list', undefined, { productId: "1' or 1=1" })).body.field).toBe(
      'productId',
    )
    expect((await t.get('/api/nop-wbp/iot/device/detail', undefined, { id: '999999999' })).status).toBe(404)
  })
})
