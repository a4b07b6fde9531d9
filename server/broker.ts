import { Aedes } from 'aedes'
import { createServer, type Server } from 'node:net'
import type { Logger } from 'pino'

/** The embedded MQTT broker for campus devices; the IoT module attaches its handlers to `broker`. */
export async function startBroker(port: number, log: Logger): Promise<{ broker: Aedes; server: Server; close(): Promise<void>; state(): string }> {
  const broker = await Aedes.createBroker()
  const server = createServer(broker.handle)
  let state = 'starting'
  await new Promise<void>((ok) => {
    server.once('error', (err) => { state = 'down'; log.error({ err }, 'MQTT broker could not listen'); ok() })
    server.listen(port, () => { state = 'up'; ok() })
  })
  if (state === 'up') log.info({ port }, 'MQTT broker listening')
  return {
    broker, server, state: () => state,
    close: () => new Promise<void>((ok) => { state = 'stopped'; server.close(() => broker.close(() => ok())) }),
  }
}
