/**
 * Private lab networks are cut from one range (ATRIUM_LABS_SUBNET, a /16 by
 * default) in /29 blocks: room for the bridge's gateway (the appliance's side)
 * and the lab, 8192 labs in a /16. The engine's own default pools hold only
 * about thirty networks, too few for a class of web labs.
 */
const BLOCK_BITS = 3 // a /29

/**
 * A dotted IPv4 address as a number, or -1 for anything else (IPv6, a name, a part above 255). Every HTTP request's
 * peer passes through here (lab-peers.ts), so it reads the characters instead of running a pattern.
 */
export function ipv4Number(s: string): number {
  let n = 0,
    part = -1,
    parts = 0
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 46
    if (c === 46) {
      if (part < 0 || ++parts > 4) return -1
      n = n * 256 + part
      part = -1
    } else if (c >= 48 && c <= 57) {
      part = (part < 0 ? 0 : part * 10) + c - 48
      if (part > 255) return -1
    } else return -1
  }
  return parts === 4 && part < 0 ? n : -1
}

const toIp = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.')

export interface SubnetRange {
  base: number
  blocks: number
}

/** Parses 'a.b.c.d/nn' (nn between 8 and 28); throws on anything else. */
export function parseRange(cidr: string): SubnetRange {
  const m = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/.exec(cidr.trim())
  const bits = m ? Number(m[2]) : NaN
  if (!m || ipv4Number(m[1]) < 0 || bits < 8 || bits > 32 - BLOCK_BITS)
    throw new Error(`ATRIUM_LABS_SUBNET must look like 10.213.0.0/16 (a /8 to /28), not ${cidr}`)
  const size = 2 ** (32 - bits)
  const base = Math.floor(ipv4Number(m[1]) / size) * size
  return { base, blocks: size >> BLOCK_BITS }
}

/** The n-th /29 of the range, in CIDR notation. */
export const blockAt = (range: SubnetRange, n: number) =>
  `${toIp(range.base + (n % range.blocks) * 2 ** BLOCK_BITS)}/${32 - BLOCK_BITS}`

/**
 * Hands out blocks round-robin from a random start, so blocks freed by ended
 * labs are reused last and two appliances sharing an engine rarely collide;
 * the engine refuses an overlapping one and the caller asks for the next.
 */
export class Subnets {
  private readonly range: SubnetRange
  private cursor: number

  constructor(cidr: string) {
    this.range = parseRange(cidr)
    this.cursor = Math.floor(Math.random() * this.range.blocks)
  }

  /**
   * Whether an address (a socket's peer or local side) lies in the labs' range: a lab itself, or the
   * appliance's gateway side of a lab network. IPv4 seen through an IPv6 socket (::ffff:a.b.c.d) counts too.
   */
  contains(address: string | null | undefined): boolean {
    if (!address) return false
    const n = ipv4Number(address.startsWith('::ffff:') ? address.slice(7) : address)
    return n >= this.range.base && n < this.range.base + this.range.blocks * 2 ** BLOCK_BITS
  }

  next(): string {
    return blockAt(this.range, this.cursor++)
  }

  get size(): number {
    return this.range.blocks
  }
}
