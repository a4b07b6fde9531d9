import { BlockList, isIP } from 'node:net'
import type { Config } from './config.ts'

/** The configured proxies as a BlockList (addresses or CIDR ranges), built once per config. */
const lists = new WeakMap<Config, BlockList>()
function proxies(config: Config): BlockList {
  let list = lists.get(config)
  if (!list) {
    list = new BlockList()
    for (const entry of config.trustedProxies) {
      const [addr, bits] = entry.split('/')
      const family = isIP(addr) === 6 ? 'ipv6' : 'ipv4'
      if (!isIP(addr)) continue
      if (bits) list.addSubnet(addr, Number(bits), family)
      else list.addAddress(addr, family)
    }
    lists.set(config, list)
  }
  return list
}

const trusted = (list: BlockList, ip: string) => isIP(ip) !== 0 && list.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4')

/**
 * The address a request comes from. `X-Forwarded-For` is believed only when
 * the connection itself comes from a configured proxy (ATRIUM_TRUSTED_PROXIES),
 * and then only up to the first hop that is not one of ours, read from the
 * right: anything left of it was written by the client. In-process calls
 * (tests through app.handle) have no socket and answer 'local'.
 */
export function clientIp(
  config: Config,
  request: Request,
  server: { requestIP(r: Request): { address: string } | null } | null | undefined,
): string {
  const peer = server?.requestIP(request)?.address
  if (!peer) return 'local'
  const list = proxies(config)
  if (!trusted(list, peer)) return peer
  const hops = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted(list, hops[i])) return isIP(hops[i]) ? hops[i] : peer
  return hops[0] ?? peer
}
