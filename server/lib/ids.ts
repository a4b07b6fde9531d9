/**
 * 64-bit time-ordered ids (snowflake layout: 41 bits of ms since 2020, 10 bits
 * of node, 12 bits of sequence), always carried as decimal strings: a JS number
 * cannot hold 64 bits.
 */
const EPOCH = 1577836800000n
const NODE = BigInt(Number(process.env.ATRIUM_NODE_ID ?? 1) & 0x3ff)
let lastMs = 0n
let seq = 0n

export function newId(): string {
  let ms = BigInt(Date.now())
  if (ms < lastMs) ms = lastMs
  if (ms === lastMs) {
    seq = (seq + 1n) & 0xfffn
    if (seq === 0n) ms = lastMs + 1n
  } else seq = 0n
  lastMs = ms
  return (((ms - EPOCH) << 22n) | (NODE << 12n) | seq).toString()
}

/** A decimal id as the API carries it (1–20 digits). */
export const isId = (v: unknown): v is string => typeof v === 'string' && /^\d{1,20}$/.test(v)
