import { describe, expect, it } from 'vitest'
import { ipv4Number, parseRange, Subnets } from './subnets.ts'

describe('the labs address range', () => {
  it('knows its own addresses, as a socket reports them (IPv4 or IPv4 seen through IPv6), and nothing else', () => {
    const range = new Subnets('10.213.0.0/16')
    for (const inside of ['10.213.0.1', '10.213.255.254', '::ffff:10.213.7.2'])
      expect(range.contains(inside)).toBe(true)
    for (const outside of ['10.212.255.255', '10.214.0.0', '127.0.0.1', '::1', '::ffff:192.0.2.2', '', undefined, 'x'])
      expect(range.contains(outside)).toBe(false)
    expect(new Subnets('192.168.64.0/20').contains('192.168.79.9')).toBe(true)
    expect(new Subnets('192.168.64.0/20').contains('192.168.80.1')).toBe(false)
  })

  it('reads dotted IPv4 by hand: malformed and out-of-range parts are not addresses', () => {
    expect(ipv4Number('10.213.0.1')).toBe(10 * 2 ** 24 + 213 * 2 ** 16 + 1)
    expect(ipv4Number('255.255.255.255')).toBe(2 ** 32 - 1)
    for (const bad of [
      '10.213.0',
      '10.213.0.1.2',
      '10.213.0.256',
      '10..0.1',
      '.10.0.0.1',
      '10.0.0.1.',
      '10.0.0.x',
      ' 10.0.0.1',
    ])
      expect(ipv4Number(bad)).toBe(-1)
    expect(() => parseRange('10.300.0.0/16')).toThrow(/ATRIUM_LABS_SUBNET/)
    expect(parseRange('10.213.7.9/16')).toEqual({ base: ipv4Number('10.213.0.0'), blocks: 8192 })
  })
})
