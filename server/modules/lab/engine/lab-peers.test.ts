import { afterAll, beforeAll, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { networkInterfaces } from 'node:os'
import { createApp } from '../../../app.ts'
import { startBroker, type BrokerService } from '../../../broker.ts'
import { testApp } from '../../../../tests/support/harness.ts'
import { freePort } from '../../../../tests/support/browser.ts'
import { cleanUpAfter, describeDocker, engine } from '../../../../tests/support/docker.ts'
import { ensureWebLabImage, WEB_LAB_IMAGE } from '../../../../tests/support/lab-image.ts'
import { schoolExperiments } from '../../../../tests/support/lab-school.ts'
import { Subnets } from './subnets.ts'

/**
 * Issue #24, tested from inside a lab: a school's web lab (opened by the
 * tenant administrator) connects to its network's gateway — the host — on the
 * appliance's HTTP and MQTT ports. Both listen on every address, as the
 * appliance does by default; neither may answer.
 */
describeDocker('a lab cannot reach the appliance', async () => {
  let mqttPort = 0
  const t = await testApp()
  const labs = t.services.labs
  cleanUpAfter(() => labs.applianceId)
  let http: ReturnType<ReturnType<typeof createApp>['listen']>
  let broker: BrokerService
  let containerId = '',
    gateway = '',
    httpPort = 0

  /** Runs busybox nc inside the lab: sends `bytes` (printf escapes), answers what came back as hex (empty: nothing). */
  const fromLab = async (host: string, port: number, bytes: string) => {
    const r = await labs.host.run(containerId, [
      'sh',
      '-c',
      `printf '${bytes}' | busybox nc -w 3 ${host} ${port} | busybox od -An -tx1 | tr -d ' \\n'`,
    ])
    return r.output.trim()
  }

  beforeAll(async () => {
    expect((await ensureWebLabImage()).ok).toBe(true)
    mqttPort = await freePort()
    Object.assign(t.services.config, { mqttPort, mqttHost: '0.0.0.0' })
    broker = await startBroker(t.services)
    expect(broker.state()).toBe('up')
    http = createApp(t.services).listen({ port: 0, hostname: '0.0.0.0' })
    httpPort = http.server!.port!
    const admin = await t.token('admin', 'admin', '100001')
    const { experimentIds } = await schoolExperiments(t.post, admin, 1, {
      imageId: WEB_LAB_IMAGE,
      service: 'web',
      webPort: 8000,
    })
    const open = await t.get('/api/hm-experiment/experiment/openExperimentToContainer', admin, {
      experimentId: experimentIds[0],
    })
    expect(open.status, JSON.stringify(open.body)).toBe(200)
    containerId = open.body.data.containerId
    const info = await engine().getContainer(containerId).inspect()
    gateway = Object.values(info.NetworkSettings.Networks)[0].Gateway
    expect(new Subnets(labs.settings.subnet).contains(gateway)).toBe(true)
  })
  afterAll(async () => {
    await http?.stop(true)
    await broker?.close()
  })

  it('HTTP, a WebSocket upgrade and MQTT on the gateway address: the connection closes with nothing answered', async () => {
    // The host itself still gets answers on the same listeners.
    expect((await fetch(`http://127.0.0.1:${httpPort}/api/health`)).status).toBe(200)

    expect(
      await fromLab(gateway, httpPort, 'GET /api/health HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n'),
    ).toBe('')
    const upgrade =
      'GET /mqtt HTTP/1.1\\r\\nHost: x\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\nSec-WebSocket-Version: 13\\r\\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\\r\\nSec-WebSocket-Protocol: mqtt\\r\\n\\r\\n'
    expect(await fromLab(gateway, httpPort, upgrade)).toBe('')
    // An MQTT 3.1.1 CONNECT (clean session, empty client id): the broker would answer CONNACK 20 02 …
    expect(await fromLab(gateway, mqttPort, '\\020\\014\\000\\004MQTT\\004\\002\\000\\074\\000\\000')).toBe('')
  })

  it("the appliance refuses on the host's LAN address too, and the LAN's router is out of the lab's reach", async () => {
    // The lab network routes to the host, so the host's other addresses are reachable: the peer check covers them.
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal && !labs.subnets.contains(a.address))!
    expect(lan, 'the host has an address outside the labs').toBeTruthy()
    expect(await fromLab(lan.address, httpPort, 'GET /api/health HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n')).toBe('')
    expect(await fromLab(lan.address, mqttPort, '\\020\\014\\000\\004MQTT\\004\\002\\000\\074\\000\\000')).toBe('')
    // Beyond the host nothing answers: the lab's address is not NATed, so no reply finds its way back.
    const router = readFileSync('/proc/net/route', 'utf8')
      .split('\n')
      .map((l) => l.split('\t'))
      .find((f) => f[1] === '00000000')?.[2]
    if (router) {
      const ip = (Buffer.from(router, 'hex').reverse() as Buffer).join('.')
      const r = await labs.host.run(containerId, ['sh', '-c', `busybox nc -w 2 ${ip} 80 </dev/null`])
      expect(r.code).not.toBe(0)
    }
  })
})
