import { networkInterfaces } from 'node:os'
import { describe, expect, it } from 'vitest'
import { param } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { newId } from './ids.ts'
import { checkOutbound, outboundFetch } from './outbound.ts'

/** The first non-internal IPv4 address of this machine, as a tenant could learn it. */
const ownAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address

describe('the outbound policy for tenant-configured URLs', async () => {
  const t = await testApp({ ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.1, 100002=10.9.0.0/16, bogus, 100003=300.1.1.1/8' })
  const own = ownAddress()
  const lanRange = own ? `${own.split('.').slice(0, 3).join('.')}.0/24` : '192.0.2.0/24'
  const lan = await testApp({ ATRIUM_OUTBOUND_ALLOW: `100001=${lanRange}` })
  const hop = await testApp({ ATRIUM_OUTBOUND_ALLOW: '100001=127.0.0.2' })
  const check = (tenant: string, url: string) =>
    checkOutbound(t.services.db, tenant, url, { field: 'endpoint' }).then(
      (r) => r.address,
      (e: { status: number; key: string; field?: string }) => `${e.status} ${e.key} ${e.field}`,
    )

  it('refuses loopback, private, link-local, shared, unspecified and IPv6 local addresses, however spelled', async () => {
    for (const url of [
      'http://127.0.0.1:9000',
      'http://127.8.9.10',
      'http://localhost:9000',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0.0.0.0:8080',
      'http://[::]:8080',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a00:1]/',
      'http://10.1.2.3',
      'http://172.16.0.1',
      'http://192.168.1.1',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
    ])
      expect(await check('100001', url), url).toBe('400 outbound.refused endpoint')
  })

  it("refuses the host's own addresses", async () => {
    if (!own) return expect.unreachable('this machine has no non-loopback IPv4 address to try')
    expect(await check('100001', `http://${own}:8080`)).toBe('400 outbound.refused endpoint')
  })

  it('lets public addresses through and refuses other schemes and credentials in the URL', async () => {
    expect(await check('100001', 'https://93.184.216.34/bucket')).toBe('93.184.216.34')
    expect(await check('100001', 'https://[2606:4700::1111]/')).toBe('2606:4700::1111')
    expect(await check('100001', 'file:///etc/passwd')).toBe('400 outbound.scheme endpoint')
    expect(await check('100001', 'gopher://93.184.216.34/')).toBe('400 outbound.scheme endpoint')
    expect(await check('100001', 'http://u:p@93.184.216.34/')).toBe('400 outbound.scheme endpoint')
    expect(await check('100001', 'http://no-such-host.invalid/')).toBe('400 outbound.unresolved endpoint')
  })

  it('opens what the operator allows, to the tenant it names only; a malformed entry opens nothing', async () => {
    expect(await check('000000', 'http://127.0.0.1:9000')).toBe('127.0.0.1')
    expect(await check('100001', 'http://127.0.0.1:9000')).toBe('400 outbound.refused endpoint')
    expect(await check('100002', 'http://10.9.3.4')).toBe('10.9.3.4')
    expect(await check('100002', 'http://10.10.3.4')).toBe('400 outbound.refused endpoint')
    expect(await check('100003', 'http://10.1.1.1')).toBe('400 outbound.refused endpoint')
  })

  it("a range does not open the host's own address inside it; only naming that address does", async () => {
    if (!own) return expect.unreachable('this machine has no non-loopback IPv4 address to try')
    const neighbour = own.endsWith('.200') ? own.replace(/\.200$/, '.201') : own.replace(/\.\d+$/, '.200')
    const at = (url: string) =>
      checkOutbound(lan.services.db, '100001', url, { field: 'endpoint' }).then(
        (r) => r.address,
        (e: { key: string }) => e.key,
      )
    expect(await at(`http://${neighbour}`)).toBe(neighbour)
    expect(await at(`http://${own}`)).toBe('outbound.refused')
  })

  it("counts the platform tenant's outbound.allow parameter, never a school's own", async () => {
    const add = async (tenantId: string, value: string) =>
      await t.services.db
        .insert(param)
        .values({ id: newId(), tenantId, paramName: 'outbound', paramKey: 'outbound.allow', paramValue: value })

    await add('100001', '127.0.0.0/8,192.168.0.0/16')
    expect(await check('100001', 'http://192.168.5.5')).toBe('400 outbound.refused endpoint')
    await add('000000', '100001=192.168.5.0/24')
    expect(await check('100001', 'http://192.168.5.5')).toBe('192.168.5.5')
    expect(await check('100002', 'http://192.168.5.5')).toBe('400 outbound.refused endpoint')
  })

  it('re-checks every redirect: a public-looking hop that points back inside is refused before it is followed', async () => {
    let inside = 0
    const internal = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: () => {
        inside++
        return new Response('internal')
      },
    })
    const front = Bun.serve({
      hostname: '127.0.0.2',
      port: 0,
      fetch: (req) =>
        new URL(req.url).pathname === '/ok'
          ? new Response(`host ${req.headers.get('host')}`)
          : Response.redirect(`http://127.0.0.1:${internal.port}/`, 302),
    })
    try {
      const base = `http://127.0.0.2:${front.port}`
      const ok = await outboundFetch(hop.services.db, '100001', `${base}/ok`, { field: 'endpoint' })
      expect(await ok.text()).toBe(`host 127.0.0.2:${front.port}`)
      for (const redirects of [0, 3]) {
        const refused = await outboundFetch(hop.services.db, '100001', `${base}/go`, {
          field: 'endpoint',
          redirects,
        }).catch((e: { status: number; key: string }) => `${e.status} ${e.key}`)
        expect(refused).toBe(redirects ? '503 outbound.refused' : '503 outbound.redirect')
      }
      expect(inside).toBe(0)
    } finally {
      await internal.stop(true)
      await front.stop(true)
    }
  })
})
