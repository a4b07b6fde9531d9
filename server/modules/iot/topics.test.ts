import { describe, expect, it } from 'vitest'
import { mayPublish, type Identity } from './broker-guard.ts'
import { deviceChannel, deviceRoot } from './topics.ts'

const device: Identity = {
  kind: 'device',
  tenantId: '000000',
  deviceId: '1',
  productId: '2',
  root: deviceRoot('pk', 'd1'),
  keepAliveTime: 60,
}

describe('a device topic and its channel (checked on every PUBLISH)', () => {
  it('names the channel under the device’s own root and nothing else', () => {
    expect(deviceChannel('dev/pk/d1', 'dev/pk/d1/telemetry')).toBe('telemetry')
    expect(deviceChannel('dev/pk/d1', 'dev/pk/d1/command/reply')).toBe('command/reply')
    // A longer serial number sharing the prefix is another device.
    expect(deviceChannel('dev/pk/d1', 'dev/pk/d10/telemetry')).toBeNull()
    expect(deviceChannel('dev/pk/d1', 'dev/pk/d1')).toBeNull()
    expect(deviceChannel('dev/pk/d1', 'dev/pk/d1/')).toBeNull()
    expect(deviceChannel('dev/pk/d1', 'dev/pk/d2/telemetry')).toBeNull()
    expect(deviceChannel('dev/pk/d1', 'user/1/inbox')).toBeNull()
  })

  it('lets a device publish only its upward channels, under its own root', () => {
    for (const ch of ['telemetry', 'event', 'command/reply', 'ota/progress'])
      expect(mayPublish(device, `dev/pk/d1/${ch}`)).toBe(true)
    for (const topic of [
      'dev/pk/d1/command',
      'dev/pk/d1/ota',
      'dev/pk/d1/telemetry/x',
      'dev/pk/d10/telemetry',
      'dev/pk/d2/telemetry',
      'dev/pk/d1',
      'tenant/000000/device/1/status',
    ])
      expect(mayPublish(device, topic)).toBe(false)
    expect(
      mayPublish(
        {
          kind: 'user',
          tenantId: '000000',
          userId: '1',
          sessionId: 's',
          seesDevices: true,
          seesOta: true,
          platform: true,
        },
        'dev/pk/d1/telemetry',
      ),
    ).toBe(false)
  })
})
