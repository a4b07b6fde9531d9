/**
 * Issue #30: a notification committed but never answered — the appliance killed with SIGKILL between its commit and
 * its reply — is retried by the provider, answered success, and credits nothing twice. The real appliance runs as a
 * child process on its own data directory; the Alipay stand-in runs here.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { alipayKeys, startAlipayGateway } from '../../../tests/support/alipay-gateway.ts'
import { call, signIn, type Node } from '../../../tests/support/processes.ts'
import {
  applianceQuery,
  freePorts,
  spawnServer,
  stopChild,
  type ServerProcess,
} from '../../../tests/support/server-process.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'

const APP_ID = '2021000100000002'
/**
 * Enough orders that the kill lands while some are still in flight: with 40 a fast appliance had answered them all
 * before another connection saw the first payment committed (one CI run).
 */
const ORDERS = 120

describe('a notification committed but not answered (kill -9)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-pay-crash-'))
  if (process.env.ATRIUM_TEST_TEMPLATE) copyFileSync(process.env.ATRIUM_TEST_TEMPLATE, join(dataDir, 'atrium.db'))
  const app = alipayKeys()
  const gw = startAlipayGateway({ [APP_ID]: app.publicKey })
  let server: ServerProcess | undefined
  afterAll(async () => {
    if (server) await stopChild(server.child, 'SIGKILL')
    await gw.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const q = <Row = Record<string, any>>(text: string, params: unknown[] = []) =>
    applianceQuery<Row>(dataDir, text, params)
  const env = { ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.1' }
  /** Posts a notification to the appliance; a killed one answers status 0. */
  const deliver = async (n: { url: string; body: string }) => {
    const u = new URL(n.url)
    try {
      const res = await fetch(`${server!.url}${u.pathname}${u.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: n.body,
      })
      return { status: res.status, text: await res.text() }
    } catch {
      return { status: 0, text: '' }
    }
  }

  it('the retry is answered success and every order is credited exactly once', async () => {
    // The priced courses go in before the appliance starts: this connection has no busy timeout for its writes.
    const courses = Array.from({ length: ORDERS }, () => newId())
    for (const [i, id] of courses.entries())
      await q(
        'INSERT INTO hm_course (id, tenant_id, title, type, price, status, is_deleted, create_time) VALUES (?, ?, ?, 1, ?, 1, 0, ?)',
        [id, '000000', `付费课程 ${i}`, 1000 + i, now()],
      )
    const ports = await freePorts()
    server = await spawnServer({ dataDir, ports, env, startMs: 60_000 })
    const node = server as unknown as Node
    const admin = await signIn(node, 'admin')
    const student = await signIn(node, 'student')
    const config = await call(node, 'POST', '/api/blade-pay/alipay/config/submit', {
      token: admin,
      body: {
        name: '支付宝',
        appId: APP_ID,
        privateKey: app.privateKey,
        alipayPublicKey: gw.publicKey,
        gateway: gw.url,
        notifyUrl: 'https://school.example.com/api/blade-pay/alipay/notify',
      },
    })
    expect(config.status, JSON.stringify(config.body)).toBe(200)
    const orders: { id: string; outTradeNo: string }[] = []
    for (const courseId of courses) {
      const o = await call(node, 'POST', '/api/blade-pay/order/submit', {
        token: student,
        body: { itemType: 'course', itemId: courseId },
      })
      expect(o.status, JSON.stringify(o.body)).toBe(200)
      expect(
        (
          await call(node, 'POST', '/api/blade-pay/alipay/nativePay', {
            token: student,
            body: { orderId: o.body.data.id },
          })
        ).status,
      ).toBe(200)
      orders.push(o.body.data)
    }
    const notices = orders.map((o) => gw.pay(o.outTradeNo))
    const paid = async () =>
      Number(
        (
          await q<{ n: number }>(
            'SELECT COUNT(*) AS n FROM blade_pay_order WHERE status = 1 AND id IN (' +
              orders.map(() => '?').join(',') +
              ')',
            orders.map((o) => o.id),
          )
        )[0].n,
      )

    // All at once. As soon as the first answer arrives or another connection sees the first payment committed,
    // whichever is first, the process is frozen (SIGSTOP: nothing more leaves it) and then killed, with the other
    // notifications in flight.
    let frozen = false
    const freeze = () => {
      if (frozen) return
      frozen = true
      server!.child.kill('SIGSTOP')
      server!.child.kill('SIGKILL')
    }
    const answers = Promise.all(
      notices.map((n) =>
        deliver(n).then((a) => {
          if (a.text === 'success') freeze()
          return a
        }),
      ),
    )
    const deadline = Date.now() + 20_000
    while (!frozen && (await paid()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1))
    freeze()
    const first = await answers
    const committed = await paid()
    const answered = first.filter((a) => a.text === 'success').length
    expect(committed).toBeGreaterThan(0)
    expect(answered).toBeLessThan(ORDERS)
    console.log(`kill -9: ${committed} committed, ${answered} answered before the kill`)

    server = await spawnServer({ dataDir, ports, env, startMs: 60_000 })
    const retries = await Promise.all(notices.map((n) => deliver(n)))
    expect(retries.map((r) => r.text)).toEqual(notices.map(() => 'success'))
    expect(await paid()).toBe(ORDERS)
    const events = await q<{ order_id: string; n: number }>(
      'SELECT order_id, COUNT(*) AS n FROM blade_pay_event GROUP BY order_id',
    )
    expect(events.filter((e) => orders.some((o) => o.id === e.order_id)).map((e) => Number(e.n))).toEqual(
      orders.map(() => 1),
    )
    const enrolled = await q<{ n: number }>(
      'SELECT COUNT(*) AS n FROM hm_course_user WHERE source = 4 AND is_deleted = 0 AND status = 1',
    )
    expect(Number(enrolled[0].n)).toBe(ORDERS)
  }, 240_000)
})
