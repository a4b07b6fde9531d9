import { afterEach, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { otaTask, productOta } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import { first } from '../../lib/rows.ts'
import { startOta } from './ota-rollout.ts'
import type { Presence, UpHandler } from './presence.ts'

/*
 * The rollout's error guard as a mechanism, on a clock the test holds still: the
 * release stops while the report that pushed failures past errorThreshold is
 * handled — not on a timer, not "soon after". How soon that is on a real broker
 * is a figure for `npm run bench` (tests/bench/ota-stop.ts), not an assertion
 * here: wall-clock limits fail when the machine is busy.
 */
const { services: s } = await testApp()

let stopOta: (() => void) | undefined
afterEach(() => {
  stopOta?.()
  vi.useRealTimers()
})

/** The OTA handlers, registered on a presence stand-in; reports are handed to them as the broker would. */
function startWithStillClock() {
  vi.useFakeTimers({
    now: new Date(2026, 2, 2, 9, 0, 0),
    toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate'],
  })
  const handlers = new Map<string, UpHandler>()
  stopOta = startOta(s, { on: (channel: string, h: UpHandler) => handlers.set(channel, h) } as unknown as Presence)
  return handlers.get('ota/progress')!
}

/** A grey release whose cohort of n devices has been told (tasks "notified"), as after a start. */
async function greyRelease(n: number, errorThreshold: number) {
  const otaId = newId()
  const productId = newId()
  await s.db.insert(productOta).values({
    id: otaId,
    productId,
    firmVersion: '2.0.0',
    status: 2,
    phase: 'grey',
    errorThreshold,
    successThreshold: 100,
  })
  const devices = Array.from({ length: n }, () => ({
    kind: 'device' as const,
    tenantId: '000000',
    deviceId: newId(),
    productId,
  }))
  for (const d of devices)
    await s.db.insert(otaTask).values({
      id: newId(),
      tenantId: '000000',
      otaId,
      deviceId: d.deviceId,
      cohort: 'grey',
      state: 'notified',
      updateTime: now(),
    })
  return { otaId, devices }
}

const phaseOf = async (otaId: string) =>
  (await first(s.db.select({ phase: productOta.phase }).from(productOta).where(eq(productOta.id, otaId))))!.phase

describe('OTA error guard', () => {
  it('stops the release on the very report that passes errorThreshold, with the clock standing still', async () => {
    const report = startWithStillClock()
    const { otaId, devices } = await greyRelease(5, 20)
    const fail = (d: (typeof devices)[number]) =>
      report(d, 'ota/progress', Buffer.from(JSON.stringify({ otaId, state: 'failed', error: 'flash write failed' })))
    const clockAt = Date.now()

    await fail(devices[0])
    // 1 of 5 = 20 %: at the threshold, not past it.
    expect(await phaseOf(otaId)).toBe('grey')
    await fail(devices[1])
    // 2 of 5 = 40 %: stopped by the time that report's handler returned; no timer ran, no time passed.
    expect(await phaseOf(otaId)).toBe('stopped')
    expect(Date.now()).toBe(clockAt)
    expect(vi.getTimerCount()).toBeGreaterThan(0) // the sweep (and live pushes) are waiting, not run

    // Later reports and the sweep's turns do not undo or advance it.
    for (const d of devices.slice(2))
      await report(d, 'ota/progress', Buffer.from(JSON.stringify({ otaId, state: 'success', progress: 100 })))
    await vi.advanceTimersByTimeAsync(11_000)
    expect(await phaseOf(otaId)).toBe('stopped')
  })

  it('a report under the threshold never stops it, however much time passes', async () => {
    const report = startWithStillClock()
    const { otaId, devices } = await greyRelease(5, 20)
    await report(devices[0], 'ota/progress', Buffer.from(JSON.stringify({ otaId, state: 'failed' })))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(await phaseOf(otaId)).toBe('grey')
  })
})
