import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { commandRoutes, expireCommands, handleReplies } from './command.ts'
import { deviceLogRoutes } from './device-log.ts'
import { clientInfoRoutes } from './client-info.ts'
import { deviceRoutes } from './device.ts'
import { otaRoutes } from './ota.ts'
import { startOta } from './ota-rollout.ts'
import { startPresence } from './presence.ts'
import { productRoutes } from './product.ts'

/**
 * MQTT over WebSocket for browsers at /mqtt on the HTTP port: each socket
 * becomes one broker connection, authenticated like any other (access token
 * as password). Without a running broker the route is absent.
 */
function mqttOverWebSocket(s: Services) {
  const app = new Elysia({ name: 'mqtt-ws', seed: s.id })
  const mqtt = s.mqtt
  if (!mqtt) return app
  const sessions = new Map<string, ReturnType<typeof mqtt.openWebSocket>>()
  return app.ws('/mqtt', {
    // Browsers ask for the "mqtt" subprotocol and refuse a handshake that does not echo it.
    upgrade: ({ request, set }) => {
      const asked = (request.headers.get('sec-websocket-protocol') ?? '').split(',').map((p) => p.trim())
      const pick = asked.find((p) => p === 'mqtt' || p === 'mqttv3.1')
      if (pick) set.headers['sec-websocket-protocol'] = pick
    },
    open(ws) {
      sessions.set(ws.id, mqtt.openWebSocket({ send: (d) => ws.raw.sendBinary(d), close: () => ws.raw.close() }))
    },
    message(ws, data) {
      const bytes =
        typeof data === 'string'
          ? Buffer.from(data)
          : Buffer.isBuffer(data)
            ? data
            : data instanceof Uint8Array
              ? data
              : Buffer.from(JSON.stringify(data))
      sessions.get(ws.id)?.message(bytes)
    },
    close(ws) {
      sessions.get(ws.id)?.closed()
      sessions.delete(ws.id)
    },
  })
}

/** The IoT API: products, devices, commands, device logs, and MQTT over WebSocket. */
export const iotModule = (s: Services) =>
  new Elysia({ name: 'iot', seed: s.id })
    .use(productRoutes(s))
    .use(deviceRoutes(s))
    .use(commandRoutes(s))
    .use(deviceLogRoutes(s))
    .use(otaRoutes(s))
    .use(clientInfoRoutes(s))
    .use(mqttOverWebSocket(s))

/** The broker side of the IoT area, started by main.ts after the broker: presence, device logs, command replies and timeouts. */
export async function startIot(s: Services) {
  if (!s.mqtt) throw new Error('startIot needs the broker')
  const presence = await startPresence(s, s.mqtt)
  const stopReplies = handleReplies(s, presence)
  const stopOta = startOta(s, presence)
  const sweeper = setInterval(
    () => void expireCommands(s).catch((err: unknown) => s.log.error({ err }, 'command time-outs not swept')),
    1000,
  )
  return {
    presence,
    /** Resolves once the device logs gathered so far are written. */
    stop(): Promise<void> {
      clearInterval(sweeper)
      stopReplies?.()
      stopOta()
      return presence.stop()
    },
  }
}
