/**
 * The one outbound policy: every URL a tenant configures (storage endpoints,
 * and the coming mail, SMS, payment and model settings) is reached only
 * through here. A tenant may not point the appliance at this host, its
 * networks or link-local metadata services: the host name is resolved and
 * EVERY address it resolves to must lie outside the private and special
 * ranges below and outside the host's own interface addresses, unless the
 * platform allows a range — `ATRIUM_OUTBOUND_ALLOW` (operator) and the
 * platform tenant's parameter `outbound.allow` (platform administrator),
 * both comma lists of `cidr` (every tenant) or `tenant=cidr` (that tenant);
 * the host's own addresses open only when named one by one.
 *
 * Checked twice: when the URL is written (400 naming the field) and right
 * before each connection (DNS may have changed since). Plain http connects to
 * the address just checked (pinned, the name kept in the Host header); https
 * connects by name, re-checked just before, and its certificate binds the
 * name, so a name re-pointed at an internal listener fails the handshake.
 * Redirects are never followed blindly: each hop is checked again.
 */
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { networkInterfaces } from 'node:os'
import { and, eq } from 'drizzle-orm'
import { param } from '../../db/schema/index.ts'
import type { Db } from './db.ts'
import { ApiError } from './errors.ts'
import { defineMessages } from './messages.ts'
import { tenantRows } from './tenant-rows.ts'
import { first } from './rows.ts'

// The 400 names the field in the envelope and the form shows the message under it: the text says "the address"
// rather than the field's internal name (a screen's label reads 资源地址, not endpoint).
defineMessages({
  'outbound.scheme': {
    zh: '地址必须以 http:// 或 https:// 开头',
    en: 'the address must be an http:// or https:// URL',
  },
  'outbound.unresolved': {
    zh: '地址中的主机名 {host} 无法解析',
    en: 'the host name {host} in the address does not resolve',
  },
  'outbound.refused': {
    zh: '该地址指向本机、内网或保留地址 {address}，平台未允许访问该网段',
    en: 'the address points at this host, a private network or a reserved address ({address}), which the platform does not allow',
  },
  'outbound.redirect': {
    zh: '远端服务返回了跳转（{status}），已拒绝',
    en: 'the remote service answered a redirect ({status}), which is refused',
  },
})

/** Ranges a tenant may not reach: "this network", private, shared (CGNAT), loopback, link-local, special, multicast, reserved. */
const DENIED: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'],
  // IPv4-compatible (::a.b.c.d) and unspecified/loopback; IPv4-mapped addresses match the IPv4 rules above.
  ['::', 96, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
]

const PLATFORM = '000000'

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4')

const denied = (() => {
  const list = new BlockList()
  for (const [net, bits, family] of DENIED) list.addSubnet(net, bits, family)
  return list
})()

/** The host's own addresses, read at each check: an interface added after start counts too. */
function ownAddresses(): BlockList {
  const list = new BlockList()
  for (const addrs of Object.values(networkInterfaces()))
    for (const a of addrs ?? []) list.addAddress(a.address.replace(/%.*$/, ''), familyOf(a.address))
  return list
}

/**
 * Parses `cidr` / `tenant=cidr` entries for one tenant; malformed ones are skipped (an operator typo must not open
 * everything). `exact` holds the single addresses named: a range such as the school LAN does not open the host's
 * own address inside it (its SSH, Docker or admin ports); only naming that address does.
 */
function allowList(entries: string[], tenantId: string): { ranges: BlockList; exact: BlockList } {
  const list = new BlockList()
  const exact = new BlockList()
  for (const raw of entries) {
    const entry = raw.trim()
    if (!entry) continue
    const [scope, range] = entry.includes('=') ? entry.split('=', 2) : ['', entry]
    if (scope && scope.trim() !== tenantId) continue
    const [addr, bits] = range.trim().split('/')
    if (!isIP(addr)) continue
    const family = familyOf(addr)
    const max = family === 'ipv6' ? 128 : 32
    if (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max)) continue
    if (bits === undefined || Number(bits) === max) exact.addAddress(addr, family)
    list.addSubnet(addr, bits === undefined ? max : Number(bits), family)
  }
  return { ranges: list, exact }
}

/**
 * The operator's allowances (ATRIUM_OUTBOUND_ALLOW), registered per database by boot(): checks run inside
 * operations that hold only the database, and a database nobody registered gets none (the strictest policy).
 */
const operatorAllow = new WeakMap<Db, string[]>()
export const allowOutbound = (db: Db, entries: string[]) => void operatorAllow.set(db, entries)

/** Operator (env) and platform-administrator (tenant 000000 parameter) allowances together. */
async function allowed(db: Db, tenantId: string) {
  const row = await first(
    db
      .select({ v: param.paramValue })
      .from(param)
      .where(
        and(
          tenantRows(param, PLATFORM, {
            why: 'outbound allowances are platform policy: only the platform tenant’s parameter counts',
          }),
          eq(param.paramKey, 'outbound.allow'),
        ),
      ),
  )
  return allowList([...(operatorAllow.get(db) ?? []), ...(row?.v ?? '').split(',')], tenantId)
}

export interface OutboundTarget {
  url: URL
  /** The checked address the connection must go to. */
  address: string
  /** The URL to connect to: the checked address for http (pinned), the name for https (its certificate binds it). */
  connectUrl: URL
  /** The Host header to send when connectUrl is pinned to an address. */
  host: string
}

/**
 * Resolves and checks a tenant-configured URL. `status` is 400 when a tenant
 * writes it (the field is named) and 503 when a stored setting is used and no
 * longer passes (the caller cannot fix it; the administrator can).
 */
export async function checkOutbound(
  db: Db,
  tenantId: string,
  raw: string,
  o: { field: string; status?: 400 | 503 },
): Promise<OutboundTarget> {
  const status = o.status ?? 400
  const fail = (key: string, params: Record<string, string>) =>
    new ApiError(status, key, { field: o.field, ...params }, true, o.field)
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw fail('outbound.scheme', {})
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw fail('outbound.scheme', {})
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  if (isIP(hostname)) addresses = [hostname]
  else {
    try {
      addresses = (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address)
    } catch {
      throw fail('outbound.unresolved', { host: hostname })
    }
  }
  if (!addresses.length) throw fail('outbound.unresolved', { host: hostname })
  const allow = await allowed(db, tenantId)
  const own = ownAddresses()
  for (const address of addresses) {
    const family = familyOf(address)
    const ok = own.check(address, family)
      ? allow.exact.check(address, family)
      : allow.ranges.check(address, family) || !denied.check(address, family)
    if (!ok) throw fail('outbound.refused', { address })
  }
  const address = addresses[0]
  const connectUrl = new URL(url)
  if (url.protocol === 'http:') connectUrl.hostname = isIP(address) === 6 ? `[${address}]` : address
  return { url, address, connectUrl, host: url.host }
}

/**
 * fetch() for a tenant-configured URL: checked right before connecting,
 * pinned for http, and each redirect (at most `redirects`, none by default)
 * checked as a new URL; a redirect past that is refused, never followed.
 */
export async function outboundFetch(
  db: Db,
  tenantId: string,
  raw: string,
  init: RequestInit & { field: string; redirects?: number },
): Promise<Response> {
  const { field, redirects = 0, ...rest } = init
  let url = raw
  for (let hop = 0; ; hop++) {
    const target = await checkOutbound(db, tenantId, url, { field, status: 503 })
    const headers = new Headers(rest.headers)
    if (target.connectUrl.host !== target.url.host) headers.set('host', target.host)
    const res = await fetch(target.connectUrl, { ...rest, headers, redirect: 'manual' })
    if (res.status < 300 || res.status >= 400 || !res.headers.get('location')) return res
    await res.body?.cancel()
    if (hop >= redirects) throw new ApiError(503, 'outbound.redirect', { status: res.status })
    url = new URL(res.headers.get('location')!, target.url).href
  }
}
