import { beforeAll, describe, expect, it } from 'vitest'
import { commandDetailFields, commandFields, deviceFields, otaFields, productFields } from '../../../db/fields/iot.ts'
import { rangeText, type Fields } from '../../../db/fields/types.ts'
import { expectRequiredRefusals } from '../../../tests/support/field-checks.ts'
import { testApp } from '../../../tests/support/harness.ts'

/**
 * The IoT resources validate with their one field description (db/fields/iot.ts), the same the screens use:
 * a missing or blank required field is a 400 naming it with the description's (the spec's) wording, in both
 * languages; a text over the description's length is a 400 naming it.
 */
describe('IoT field descriptions, server side', async () => {
  const t = await testApp()
  let admin: string
  let productId: string
  let commandId: string

  beforeAll(async () => {
    admin = await t.token('admin')
    productId = (await t.get('/api/blade-product/product/allproduct', admin)).body.data[0].id
    const made = await t.post('/api/blade-command/command/submit', admin, { productId, name: 'Reboot', code: 'reboot' })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    commandId = (await t.get('/api/blade-command/command/getCommandByProductId', admin, { productId })).body.data.find(
      (c: { code: string }) => c.code === 'reboot',
    ).id
  })

  const forms: [string, string, Fields, () => Record<string, unknown>][] = [
    ['product', '/api/blade-product/product/submit', productFields, () => ({ name: 'Meter' })],
    ['device', '/api/blade-device/device/submit', deviceFields, () => ({ name: 'Meter 1', productId, sn: 'meter-1' })],
    ['command', '/api/blade-command/command/submit', commandFields, () => ({ productId, name: 'Beep', code: 'beep' })],
    [
      'command parameter',
      '/api/blade-command/commandDetail/submit',
      commandDetailFields,
      () => ({ commandId, name: 'Delay', code: 'delay' }),
    ],
    [
      'firmware release',
      '/api/blade-productOta/productOta/submit',
      otaFields,
      () => ({ productId, firmVersion: '1.0.0', firmFile: '/upload/firmware/none.bin' }),
    ],
  ]

  it.each(forms)(
    '%s: each required field missing or blank → 400 with its message in zh and en',
    (_, path, fields, valid) => expectRequiredRefusals(t, admin, path, fields, valid),
  )

  it.each(forms)(
    '%s: a number outside its range → 400 naming it with the description’s message',
    async (_, path, fields, valid) => {
      for (const [name, f] of Object.entries(fields).filter(([, f]) => f.range)) {
        const { min, max, integer } = f.range!
        for (const v of [min - 1, max + 1, ...(integer ? [min + 0.5] : [])]) {
          const r = await t.call('POST', path, { token: admin, body: { ...valid(), [name]: v }, lang: 'en' })
          expect(r.status, `${path} ${name}=${v}`).toBe(400)
          expect(r.body.field).toBe(name)
          if (!(integer && !Number.isInteger(v))) expect(r.body.msg).toBe(rangeText(f)!.en)
        }
      }
    },
  )

  it.each(forms)(
    '%s: a text not in its shape → 400 naming it with the description’s message',
    async (_, path, fields, valid) => {
      for (const [name, f] of Object.entries(fields).filter(([, f]) => f.pattern)) {
        for (const v of ['room 1/#', '+']) {
          const r = await t.call('POST', path, { token: admin, body: { ...valid(), [name]: v }, lang: 'en' })
          expect(r.status, `${path} ${name}=${v}`).toBe(400)
          expect(r.body).toMatchObject({ field: name, msg: f.pattern!.message.en })
        }
      }
    },
  )

  it('the bounds themselves are accepted', async () => {
    const { min, max } = productFields.keepAliveTime.range
    for (const keepAliveTime of [min, max]) {
      const r = await t.post('/api/blade-product/product/submit', admin, {
        name: `Edge ${keepAliveTime}`,
        keepAliveTime,
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
    }
    const edge = await t.post('/api/blade-device/device/submit', admin, {
      name: 'Pole',
      productId,
      sn: 'pole-1',
      lat: deviceFields.lat.range.max,
      lon: deviceFields.lon.range.min,
    })
    expect(edge.status, JSON.stringify(edge.body)).toBe(200)
  })

  it('the wording is the spec’s, and a command and its parameters keep their own although they share a permission code', async () => {
    const device = await t.call('POST', '/api/blade-device/device/submit', {
      token: admin,
      body: { productId, sn: 'x-1' },
      lang: 'en',
    })
    expect(device.body.msg).toBe('please enter the device name')
    const firmware = await t.post('/api/blade-productOta/productOta/submit', admin, { productId, firmVersion: '1.0.0' })
    expect(firmware.body.msg).toBe('请上传固件')
    const command = await t.post('/api/blade-command/command/submit', admin, { productId, code: 'c' })
    const parameter = await t.post('/api/blade-command/commandDetail/submit', admin, { commandId, code: 'p' })
    expect([command.body.msg, parameter.body.msg]).toEqual(['请输入指令名称', '请输入参数名称'])
  })

  it('a text longer than its description allows → 400 naming it, nothing stored', async () => {
    const sn = 'a'.repeat(deviceFields.sn.max + 1)
    const long = await t.post('/api/blade-device/device/submit', admin, { name: 'Long', productId, sn })
    expect(long.status).toBe(400)
    expect(long.body.field).toBe('sn')
    const version = await t.post('/api/blade-productOta/productOta/submit', admin, {
      productId,
      firmVersion: '1'.repeat(otaFields.firmVersion.max + 1),
      firmFile: '/upload/x.bin',
    })
    expect(version.body.field).toBe('firmVersion')
    const devices = (await t.get('/api/blade-device/device/list', admin, { sn, size: 10 })).body.data.records
    expect(devices).toEqual([])
  })
})

describe('IoT routes declare their request schemas', async () => {
  const t = await testApp()

  it("sendCommend's body answers a command that is not an id as the handler does, naming the field (zh, en)", async () => {
    const admin = await t.token('admin')
    for (const [lang, msg] of [
      ['zh', '参数 commandId 必须是编号'],
      ['en', 'commandId must be an id'],
    ] as const) {
      const r = await t.call('POST', '/api/blade-command/command/sendCommend', {
        token: admin,
        body: { deviceId: '1', commandId: 42 },
        lang,
      })
      expect(r).toMatchObject({ status: 400, body: { msg, field: 'commandId' } })
    }
  })
})
