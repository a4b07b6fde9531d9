import { PassThrough, type Readable } from 'node:stream'

/** Copies one readable to n writers (loading one image archive onto every engine); backpressure follows the slowest. */
export function fanOut(src: Readable, n: number): PassThrough[] {
  const outs = Array.from({ length: n }, () => new PassThrough())
  for (const o of outs) src.pipe(o)
  src.on('error', (e) => outs.forEach((o) => o.destroy(e)))
  return outs
}
