import { Aedes, type Client, type Connection } from 'aedes'
import type { IncomingMessage } from 'node:http'
import { createServer, type Server } from 'node:net'
import { Duplex } from 'node:stream'
import { coalesceWrites } from './broker-writes.ts'
import { refusedLabSocket } from './modules/lab/engine/lab-peers.ts'
import type { Services } from './lib/context.ts'
import { brokerGuard, type BrokerGuard } from './modules/iot/broker-guard.ts'
import { brokerBackend, type BrokerBackend } from './modules/iot/broker-backend.ts'

/** What a browser's WebSocket needs from the broker: bytes in, bytes out, close. */
export interface WsPeer {
  send(data: Uint8Array): unknown
  close(): unknown
}

/** The embedded MQTT broker as a service: modules publish through it and watch its clients. */
export interface BrokerService {
  aedes: Aedes
  /** sqlite: this process alone; redis: shared with every process on ATRIUM_REDIS_URL. */
  backend: BrokerBackend['kind']
  guard: BrokerGuard
  state(): string
  /** Publishes as the platform (no client): not subject to the ACL, which is for clients. */
  publish(topic: string, payload: string | Buffer | object, opts?: { qos?: 0 | 1; retain?: boolean }): Promise<void>
  /** Starts an MQTT-over-WebSocket session; feed it the socket's messages and tell it when the socket closes. */
  openWebSocket(peer: WsPeer): { message(data: Uint8Array): void; closed(): void }
  /** Drops every live connection of a user (force-logout, revoked session). */
  disconnectUser(userId: string): number
  /** Drops every live connection of a device (secret rotated, device removed), in every process; answers this process's count. */
  disconnectDevice(deviceId: string): number
  /**
   * Tells every process sharing the broker (this one alone without Redis). Carried on the broker's emitter under
   * $atrium/, a topic no client may subscribe to (the ACL) and no wildcard reaches (MQTT-4.7.2-1).
   */
  signal(name: string, payload: string): void
  /** Listens to signal(name); answers the way to stop. */
  onSignal(name: string, fn: (payload: string) => void): () => void
  close(): Promise<void>
}

/** The internals of mqtt-packet's parser that capPacketSize wraps (not in its published types). */
interface PacketParser {
  _parseLength(): boolean
  _list: { length: number; consume(n: number): void }
  packet: { length: number }
}

/**
 * Refuses a packet whose announced length exceeds the limit as soon as its
 * fixed header arrives, before the parser buffers its body (aedes has no such
 * limit of its own; mqtt-packet reads the length in _parseLength).
 */
function capPacketSize(client: Client, max: number) {
  const parser = (client as Client & { _parser: PacketParser })._parser
  const parseLength = parser._parseLength
  parser._parseLength = function (this: PacketParser) {
    const done = parseLength.call(this)
    if (done && this.packet.length > max) {
      this._list.consume(this._list.length)
      client.conn.destroy()
      return false
    }
    return done
  }
}

/** Binds a WebSocket's message callbacks to a Node duplex stream, which is what aedes reads and writes. */
function wsStream(peer: WsPeer) {
  const send = (data: Uint8Array) => {
    try {
      peer.send(data)
    } catch {
      /* the socket is gone; close() follows */
    }
  }
  const stream = new Duplex({
    read() {},
    write(chunk, _enc, cb) {
      send(chunk)
      cb()
    },
    // A packet mqtt-packet wrote in pieces (corked until the tick ends) leaves as one WebSocket message, not one per piece.
    writev(chunks, cb) {
      send(Buffer.concat(chunks.map((c) => c.chunk as Uint8Array)))
      cb()
    },
    final(cb) {
      peer.close()
      cb()
    },
    destroy(_err, cb) {
      peer.close()
      cb(null)
    },
  })
  return stream
}

export async function startBroker(services: Services): Promise<BrokerService> {
  const { config, log } = services
  const limits = config.mqtt
  const backend = brokerBackend(services)
  const guard = brokerGuard(services, backend.retained, backend.slots, backend.liveUsers)
  const aedes = await Aedes.createBroker({
    persistence: backend.persistence,
    ...(backend.mq ? { mq: backend.mq } : {}),
    preConnect: guard.preConnect,
    authenticate: guard.authenticate,
    authorizePublish: guard.authorizePublish,
    authorizeSubscribe: guard.authorizeSubscribe,
    // Packets a client may send before its CONNECT is authorised, and how long it has to send CONNECT.
    queueLimit: 8,
    connectTimeout: 10_000,
    maxInflightInbound: limits.maxInflight,
    maxClientsIdLength: 256,
    keepaliveLimit: 0,
  })
  aedes.on('clientReady', (c) => guard.track(c, true))
  aedes.on('clientDisconnect', (c) => guard.track(c, false))

  let open = 0
  const accept = (conn: Connection, req?: IncomingMessage) => {
    if (open >= limits.maxConnections) {
      conn.destroy()
      return
    }
    open++
    conn.once('close', () => {
      open--
    })
    const client = aedes.handle(conn, req)
    capPacketSize(client, limits.maxPacketBytes)
  }

  // Small packets each way (PUBLISH, PUBACK): Nagle would hold the second until the first is acknowledged.
  const server: Server = createServer({ noDelay: true }, (socket) => {
    if (!refusedLabSocket(services, socket)) accept(coalesceWrites(socket))
  })
  let state = 'starting'
  await new Promise<void>((ok) => {
    server.once('error', (err) => {
      state = 'down'
      log.error({ err }, 'MQTT broker could not listen')
      ok()
    })
    server.listen(config.mqttPort, config.mqttHost, () => {
      state = 'up'
      ok()
    })
  })
  if (state === 'up')
    log.info({ host: config.mqttHost, port: config.mqttPort, backend: backend.kind }, 'MQTT broker listening')

  type Listener = (message: { payload?: unknown }, done: () => void) => void
  const { mq } = aedes as unknown as {
    mq: {
      emit(m: { topic: string; payload: Buffer }, cb?: () => void): void
      on(topic: string, fn: Listener, cb?: () => void): void
      removeListener(topic: string, fn: Listener, cb?: () => void): void
    }
  }
  const signal = (name: string, payload: string) => mq.emit({ topic: `$atrium/${name}`, payload: Buffer.from(payload) })
  const onSignal = (name: string, fn: (payload: string) => void) => {
    const listener: Listener = (m, done) => {
      fn(Buffer.isBuffer(m.payload) ? m.payload.toString('utf8') : String(m.payload ?? ''))
      done()
    }
    mq.on(`$atrium/${name}`, listener)
    return () => mq.removeListener(`$atrium/${name}`, listener)
  }
  const dropDevice = (deviceId: string) => {
    const clients = guard.connectionsOf('device', deviceId)
    for (const c of clients) c.close()
    return clients.length
  }
  // A device's connections held by other processes (secret rotated or device removed through one of them).
  if (backend.kind === 'redis') onSignal('disconnect/device', dropDevice)

  return {
    aedes,
    backend: backend.kind,
    guard,
    signal,
    onSignal,
    state: () => state,
    publish: (topic, payload, opts = {}) =>
      new Promise<void>((ok, fail) => {
        const bytes = Buffer.isBuffer(payload)
          ? payload
          : Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload))
        aedes.publish(
          {
            cmd: 'publish',
            topic,
            payload: bytes,
            qos: opts.qos ?? 0,
            retain: opts.retain ?? false,
            dup: false,
          },
          (err?: Error) => (err ? fail(err) : ok()),
        )
      }),
    openWebSocket(peer) {
      const stream = wsStream(peer)
      accept(stream)
      return {
        message: (data) => {
          stream.push(Buffer.from(data))
        },
        closed: () => {
          stream.push(null)
          stream.destroy()
        },
      }
    },
    disconnectUser(userId) {
      const clients = guard.connectionsOf('user', userId)
      for (const c of clients) c.close()
      return clients.length
    },
    disconnectDevice(deviceId) {
      if (backend.kind === 'redis') signal('disconnect/device', deviceId)
      return dropDevice(deviceId)
    },
    close: () =>
      new Promise<void>((ok) => {
        state = 'stopped'
        server.close()
        aedes.close(() => ok())
      }).then(() => backend.close()),
  }
}
