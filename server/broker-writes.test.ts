import { afterEach, describe, expect, it } from 'vitest'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { coalesceWrites } from './broker-writes.ts'

/** A loopback pair: the server's side coalesced, the client's side counting what arrives and how. */
async function pair() {
  let accepted!: (s: Socket) => void
  const serverSide = new Promise<Socket>((ok) => (accepted = ok))
  const server: Server = createServer({ noDelay: true }, (s) => accepted(coalesceWrites(s)))
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const port = (server.address() as { port: number }).port
  const client = connect(port, '127.0.0.1')
  const chunks: string[] = []
  client.on('data', (d) => chunks.push(d.toString()))
  const ended = new Promise<void>((ok) => client.on('close', () => ok()))
  const socket = await serverSide
  open.push(() => {
    client.destroy()
    server.close()
  })
  return { socket, chunks, ended }
}
const open: (() => void)[] = []
afterEach(() => open.splice(0).forEach((f) => f()))
const turn = () => new Promise((r) => setImmediate(r))

describe('coalesced broker writes', () => {
  it('writes made over three turns of the event loop (a PUBACK, then the delivery) leave as one', async () => {
    const { socket, chunks } = await pair()
    socket.write('puback;')
    await turn()
    socket.write('publish-a;')
    await turn()
    socket.write('publish-b;')
    await expect.poll(() => chunks.join('')).toBe('puback;publish-a;publish-b;')
    expect(chunks).toHaveLength(1)
    // Later writes start a new batch.
    socket.write('next;')
    await expect.poll(() => chunks.length).toBe(2)
    expect(chunks[1]).toBe('next;')
  })

  it('what is held still goes out when the socket is destroyed or ended at once (a refused CONNACK)', async () => {
    for (const close of ['destroy', 'end'] as const) {
      const { socket, chunks, ended } = await pair()
      socket.write('connack-5')
      socket[close]()
      await ended
      expect(chunks.join('')).toBe('connack-5')
    }
  })
})
