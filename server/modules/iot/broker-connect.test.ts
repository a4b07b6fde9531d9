import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect as tcpConnect } from 'node:net'
import { iotAppliance, type IotAppliance } from '../../../tests/support/iot.ts'

/*
 * The CONNECT rules of MQTT 3.1.1 the broker guard adds to aedes, checked with
 * CONNECT packets written byte by byte on a raw TCP socket to the real
 * appliance process, so no client library tidies the packet up first.
 */
let a: IotAppliance
let device: Awaited<ReturnType<IotAppliance['provision']>>

beforeAll(async () => {
  a = await iotAppliance()
  device = await a.provision((await a.token('admin')).token)
}, 60_000)
afterAll(() => a?.stop())

const str = (s: string) => {
  const b = Buffer.from(s, 'utf8')
  return Buffer.concat([Buffer.from([b.length >> 8, b.length & 0xff]), b])
}
/** MQTT's variable-length "remaining length" (7 bits a byte, high bit = more). */
const remaining = (n: number) => {
  const out: number[] = []
  do {
    let byte = n % 128
    n = Math.floor(n / 128)
    if (n > 0) byte |= 0x80
    out.push(byte)
  } while (n > 0)
  return Buffer.from(out)
}

/** A 3.1.1 CONNECT (protocol level 4, keep-alive 60 s) as bytes. */
function connectBytes(o: { clientId: string; clean: boolean; username?: string; password?: string }) {
  const flags = (o.username ? 0x80 : 0) | (o.password ? 0x40 : 0) | (o.clean ? 0x02 : 0)
  const variable = Buffer.concat([str('MQTT'), Buffer.from([4, flags, 0, 60])])
  const payload = Buffer.concat([
    str(o.clientId),
    ...(o.username ? [str(o.username)] : []),
    ...(o.password ? [str(o.password)] : []),
  ])
  const body = Buffer.concat([variable, payload])
  return Buffer.concat([Buffer.from([0x10]), remaining(body.length), body])
}

/**
 * Sends one CONNECT and answers the CONNACK's four bytes and whether the broker closed the socket after it.
 * A refused client is closed right after its CONNACK; an accepted one stays (keep-alive 60 s), so a second
 * without a close after the CONNACK counts as "still open".
 */
function connack(packet: Buffer): Promise<{ bytes: number[]; closedByBroker: boolean }> {
  return new Promise((resolve, reject) => {
    const sock = tcpConnect(a.mqttPort, '127.0.0.1', () => sock.write(packet))
    let got = Buffer.alloc(0)
    const settle = (closedByBroker: boolean) => {
      sock.destroy()
      resolve({ bytes: [...got.subarray(0, 4)], closedByBroker })
    }
    sock.on('data', (d: Buffer) => {
      const first = got.length < 4
      got = Buffer.concat([got, d])
      if (!first || got.length < 4) return
      const open = setTimeout(() => settle(false), 1000)
      sock.once('close', () => {
        clearTimeout(open)
        settle(true)
      })
    })
    sock.on('close', () => {
      if (got.length < 4) reject(new Error(`closed without a CONNACK (got ${got.toString('hex') || 'nothing'})`))
    })
    sock.on('error', reject)
  })
}

describe('CONNECT client identifier (MQTT 3.1.1 §3.1.3.1)', () => {
  it('an empty client id with cleanSession 0 is refused: CONNACK 0x02 "identifier rejected", then the connection ends (MQTT-3.1.3-8)', async () => {
    const r = await connack(
      connectBytes({ clientId: '', clean: false, username: device.username, password: device.secret }),
    )
    expect(r.bytes).toEqual([0x20, 0x02, 0x00, 0x02])
    expect(r.closedByBroker).toBe(true)
  })

  it('the identifier is judged before the credentials: no credentials, empty id, cleanSession 0 → 0x02 too', async () => {
    const r = await connack(connectBytes({ clientId: '', clean: false }))
    expect(r.bytes).toEqual([0x20, 0x02, 0x00, 0x02])
  })

  it('an empty client id with cleanSession 1 is accepted (the broker assigns one, MQTT-3.1.3-6), as is a named persistent session', async () => {
    const fresh = await connack(
      connectBytes({ clientId: '', clean: true, username: device.username, password: device.secret }),
    )
    expect(fresh.bytes).toEqual([0x20, 0x02, 0x00, 0x00])
    expect(fresh.closedByBroker).toBe(false)
    const named = await connack(
      connectBytes({ clientId: 'sensor-1', clean: false, username: device.username, password: device.secret }),
    )
    expect(named.bytes).toEqual([0x20, 0x02, 0x00, 0x00])
    expect(named.closedByBroker).toBe(false)
  })
})
