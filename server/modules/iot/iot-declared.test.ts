import { describe, expect, it } from 'vitest'
import { routeStyle } from '../../lib/hand-written.ts'
import { resolveCtx } from '../../lib/auth-context.ts'
import type { ApiError } from '../../lib/errors.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { clientInfoResource } from './client-info.ts'
import { commandResource } from './command.ts'
import { deviceLogResource } from './device-log.ts'
import { productOtaResource } from './ota.ts'
import { productResource } from './product.ts'

/**
 * Issue #26: the IoT area's routes are declarations — actions of their resources and the portal's public views —
 * with the firmware byte stream the one route left hand-written. Through them the CLI way (operations with an
 * explicit actor) is gated like the routes, and bad input is a 400 naming the field.
 */
describe('IoT routes on declarations', async () => {
  const t = await testApp()
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: ApiError) => ({ status: e.status, field: e.field }),
    )

  it('every IoT route is the factory’s but the signed firmware download', () => {
    const iot = t.app.routes.filter((r) =>
      /^\/api\/(blade-(product|device|command|deviceLog|productOta|websocket)|nop-wbp\/iot)\//.test(r.path),
    )
    expect(iot.length).toBeGreaterThan(30)
    const hand = iot.filter((r) => !routeStyle(r).generated).map((r) => `${r.method} ${r.path}`)
    expect(hand).toEqual(['GET /api/blade-productOta/productOta/firmware/:task'])
  })

  it('the operations are gated like their routes: a student is refused, the system actor answers', async () => {
    const student = await resolveCtx(t.services, { 'blade-auth': `bearer ${await t.token('student')}` })
    const system = t.system()
    expect(await refusal(productResource.ops.actions.allproduct(student))).toMatchObject({ status: 403 })
    expect(await refusal(clientInfoResource.ops.actions.list(student))).toMatchObject({ status: 403 })
    const products = await productResource.ops.actions.allproduct(system)
    expect(products.map((p) => p.name)).toEqual(products.map((p) => p.name).sort((a, b) => (a < b ? -1 : 1)))
    expect(products[0]).not.toHaveProperty('productSecret')
    const commands = await commandResource.ops.actions.getCommandByProductId(system, {
      body: { productId: products.find((p) => p.name === '教室环境传感器')!.id },
    })
    expect(commands.length).toBeGreaterThan(0)
    expect(commands.every((c) => c.deviceId === null)).toBe(true)
    // No broker through the CLI: a command cannot be sent, and says why.
    expect(
      await refusal(commandResource.ops.actions.sendCommend(system, { body: { commandId: commands[0].id } })),
    ).toMatchObject({ status: 500 })
    // The connections' resource lists no users of its own: its generic reads refuse everyone.
    expect(await refusal(clientInfoResource.ops.page(system))).toMatchObject({ status: 403 })
    const [ota] = (await productOtaResource.ops.page(system)).records
    expect(ota, 'the demo school has a firmware release').toBeTruthy()
    const progress = await productOtaResource.ops.actions.progress(system, { ids: ota.id })
    expect(progress).toMatchObject({ ota: { id: ota.id }, topic: `tenant/000000/ota/${ota.id}` })
    expect(
      await refusal(deviceLogResource.ops.actions.series(system, { body: { deviceId: '1', field: 'x' } })),
    ).toMatchObject({ status: 404 })
  })

  it('bad input answers 400 naming the field, in the caller’s language', async () => {
    const admin = await t.token('admin')
    const [dev] = (await t.get('/api/blade-device/device/list', admin, { size: 1 })).body.data.records
    for (const [path, query, field] of [
      ['/api/blade-command/command/getCommandByProductId', {}, 'productId'],
      ['/api/blade-command/command/getCommandByProductId', { productId: "1' or 1=1" }, 'productId'],
      ['/api/blade-command/commandDetail/getCommandDetail', { commandId: 'x' }, 'commandId'],
      ['/api/blade-productOta/productOta/progress', { id: 'x' }, 'id'],
      // An empty step in a JSON path was SQLite's "bad JSON path" (a 500); now it is the field's 400.
      ['/api/blade-deviceLog/deviceLog/series', { deviceId: dev.id, field: 'a..b' }, 'field'],
      ['/api/blade-deviceLog/deviceLog/series', { deviceId: dev.id, field: 'temperature', from: 'May' }, 'from'],
      ['/api/nop-wbp/iot/device/series', { id: dev.id, field: 'temperature.' }, 'field'],
      ['/api/nop-wbp/iot/device/series', { field: 'temperature' }, 'id'],
      ['/api/nop-wbp/iot/device/list', {}, 'productId'],
    ] as const) {
      for (const lang of ['zh', 'en'] as const) {
        const r = await t.call('GET', path, { token: admin, query, lang })
        expect(r.status, `${path} ${JSON.stringify(query)}`).toBe(400)
        expect(r.body.field, path).toBe(field)
        expect(r.body.msg, path).toMatch(lang === 'zh' ? /[\u4e00-\u9fff]/ : /^[\x20-\x7e]+$/)
      }
    }
    const chat = await t.call('POST', '/api/blade-websocket/client-info/send', {
      token: admin,
      body: { userId: '1', type: 'shout' },
      lang: 'en',
    })
    expect(chat).toMatchObject({ status: 400, body: { field: 'type' } })
  })

  it('the portal’s catalogue is the whole list by name with its device counts, and stays the school’s', async () => {
    const products = (await t.get('/api/nop-wbp/iot/product/list')).body.data as {
      id: string
      name: string
      devices: number
      online: number
    }[]
    expect(Array.isArray(products)).toBe(true)
    expect(products.map((p) => p.name)).toEqual(products.map((p) => p.name).sort((a, b) => (a < b ? -1 : 1)))
    for (const p of products) expect(p.devices).toBeGreaterThanOrEqual(p.online)
    const other = (await t.call('GET', '/api/nop-wbp/iot/product/list', { headers: { 'tenant-id': '100001' } })).body
      .data as { id: string }[]
    expect(other.filter((p) => products.some((q) => q.id === p.id))).toEqual([])
  })
})
