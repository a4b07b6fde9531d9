/**
 * A browser's MQTT-over-WebSocket connection lives as long as the sign-in
 * session it was opened with: disabling the user, signing out, a session ended
 * by another process or a licence that ran out close it. The real broker and
 * app in this process, a real mqtt.js client over a real WebSocket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import mqtt, { type MqttClient } from 'mqtt'
import { role, session, tenant, user } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { freePort } from '../../../tests/support/browser.ts'
import { createApp } from '../../app.ts'
import { startBroker, type BrokerService } from '../../broker.ts'
import { sweepLiveSessions } from '../../lib/live-sessions.ts'
import { first } from '../../lib/rows.ts'
import { formatDateTime } from '../../lib/time.ts'
import { userInbox } from './topics.ts'

/** Waits for a condition (the machine is busy: no fixed sleeps), failing with what was awaited. */
async function until(test: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

const mqttPort = await freePort()

describe('browser broker connections end with their session', async () => {
  const t = await testApp({ MQTT_HOST: '127.0.0.1', MQTT_PORT: String(mqttPort) })
  let broker: BrokerService
  let server: ReturnType<ReturnType<typeof createApp>['listen']>
  const clients: MqttClient[] = []

  beforeAll(async () => {
    broker = await startBroker(t.services)
    t.services.mqtt = broker
    server = createApp(t.services).listen({ port: 0, hostname: '127.0.0.1' })
  })
  afterAll(async () => {
    for (const c of clients) c.end(true)
    await server?.stop(true)
    await broker?.close()
  })

  /** A browser: signed in, connected over /mqtt with its access token, listening on its inbox. */
  async function browser(account: string, password = account, tenantId = '000000') {
    const s = await t.signIn(account, password, tenantId)
    const got: string[] = []
    const c = mqtt.connect(`ws://127.0.0.1:${server.server!.port}/mqtt`, {
      username: 'browser',
      password: s.access_token,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    })
    clients.push(c)
    let closed = false
    c.on('close', () => (closed = true))
    c.on('message', (_topic, payload) => got.push(payload.toString()))
    await new Promise<void>((ok, fail) => {
      c.once('connect', () => ok())
      c.once('error', fail)
    })
    await c.subscribeAsync(userInbox(s.user_id))
    const push = (text: string) => broker.publish(userInbox(s.user_id), text)
    // A push that arrives proves the connection is open and listening.
    await push('hello')
    await until(() => got.includes('hello'), `${account}'s first push`)
    return { s, c, got, push, closed: () => closed }
  }

  async function newUser(account: string) {
    const admin = await t.token('admin')
    const roleId = (await first(
      t.services.db
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'teacher'))),
    ))!.id
    const r = await t.post('/api/blade-system/user/submit', admin, {
      account,
      realName: account,
      password: 'pw123456',
      roleId,
    })
    expect(r.status).toBe(200)
    return { admin, id: (await first(t.services.db.select().from(user).where(eq(user.account, account))))!.id }
  }

  it('disabling the user disconnects its browser: nothing pushed afterwards reaches it', async () => {
    const { admin, id } = await newUser('mqtt-disabled')
    const b = await browser('mqtt-disabled', 'pw123456')
    expect((await t.post('/api/blade-system/user/submit', admin, { id, status: 2 })).status).toBe(200)
    await until(b.closed, 'the disabled user’s connection to close')
    await b.push('after')
    // A connection that is closed hears nothing; a reconnect with the same token is refused.
    expect(b.got).not.toContain('after')
    b.c.reconnect()
    await expect(
      new Promise((ok, fail) => {
        b.c.once('connect', ok)
        b.c.once('error', fail)
      }),
    ).rejects.toThrow(/not authori[sz]ed/i)
  })

  it('signing out closes that session’s connection and leaves another sign-in’s open', async () => {
    const out = await browser('teacher')
    const stays = await browser('teacher')
    expect((await t.get('/api/blade-auth/oauth/logout', out.s.access_token)).status).toBe(200)
    await until(out.closed, 'the signed-out connection to close')
    await stays.push('still here')
    await until(() => stays.got.includes('still here'), 'the other sign-in to hear a push')
    expect(stays.closed()).toBe(false)
  })

  it('a session ended by another process or a licence run out by time closes at the next sweep', async () => {
    const byCli = await browser('student')
    const expiring = await browser('admin', 'admin', '100001')
    // As the CLI would, in its own process: no event reaches this one, only the database changes.
    await t.services.db.update(session).set({ revoked: 1 }).where(eq(session.userId, byCli.s.user_id))
    await t.services.db
      .update(tenant)
      .set({ expireTime: formatDateTime(new Date(Date.now() - 1000)) })
      .where(eq(tenant.tenantId, '100001'))
    // Two or more: a connection closed earlier may not have been let go of yet (aedes reports the close a little later).
    expect(await sweepLiveSessions(t.services.db)).toBeGreaterThanOrEqual(2)
    await until(() => byCli.closed() && expiring.closed(), 'both connections to close')
    await t.services.db.update(tenant).set({ expireTime: null }).where(eq(tenant.tenantId, '100001'))
  })
})
