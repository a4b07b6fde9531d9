/**
 * How a broker packet is kept in SQLite: its fields as JSON and its payload as
 * raw bytes beside it (a retained 1 MB payload stays 1 MB). The JSON keeps what
 * plain JSON would lose: Buffers inside MQTT 5 properties and keys whose value
 * is `undefined` (aedes compares `messageId: undefined` with a missing key as
 * different shapes).
 */
export interface StoredPacket {
  packet: string
  payload: Buffer | null
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }

const UNDEFINED = { $u: 1 }

function encode(v: unknown): Json {
  if (v === undefined) return UNDEFINED
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return { $b: Buffer.from(v).toString('base64') }
  if (Array.isArray(v)) return v.map(encode)
  if (v && typeof v === 'object') {
    const out: Record<string, Json> = {}
    for (const [k, x] of Object.entries(v)) if (typeof x !== 'function') out[k] = encode(x)
    return out
  }
  return v as Json
}

function decode(v: Json): unknown {
  if (Array.isArray(v)) return v.map(decode)
  if (v && typeof v === 'object') {
    if ('$u' in v && Object.keys(v).length === 1) return undefined
    if ('$b' in v && typeof v.$b === 'string' && Object.keys(v).length === 1) return Buffer.from(v.$b, 'base64')
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v)) out[k] = decode(x)
    return out
  }
  return v
}

export function toStored(packet: object): StoredPacket {
  const { payload, ...rest } = packet as { payload?: unknown }
  const bytes = Buffer.isBuffer(payload) || payload instanceof Uint8Array
  const fields = encode(bytes ? rest : packet) as Record<string, Json>
  return { packet: JSON.stringify(fields), payload: bytes ? Buffer.from(payload as Uint8Array) : null }
}

export function fromStored<T = Record<string, unknown>>(row: {
  packet: string
  payload: Buffer | Uint8Array | null
}): T {
  const fields = decode(JSON.parse(row.packet)) as Record<string, unknown>
  if (row.payload != null) fields.payload = Buffer.from(row.payload)
  return fields as T
}
