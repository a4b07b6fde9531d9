import { Elysia } from 'elysia'
import type { Socket } from 'node:net'
import type { Services } from '../../../lib/context.ts'

/**
 * Nothing of the appliance answers a connection from a lab network (issue #24).
 * The lab bridges give the host an address on every lab network (the gateway),
 * and the appliance listens on all addresses, so a learner's code could reach
 * its API, sign-in and broker from inside a lab. Connections whose peer (or,
 * for raw sockets, whose local side) lies in ATRIUM_LABS_SUBNET are closed at
 * once, with not a byte written. The appliance's own proxy to a lab connects
 * outwards and is not affected.
 */

/**
 * A response Bun ends by dropping the connection: its body fails before any
 * byte, so not even a status line goes out (an error with no reason keeps Bun
 * from logging it).
 */
const dropConnection = () =>
  new Response(
    new ReadableStream({
      start(c) {
        c.error()
      },
    }),
  )

/** HTTP and WebSocket upgrades (the terminal, /mqtt, the lab proxy): refused before any other hook runs. */
export const refuseLabPeers = (services: Services) =>
  new Elysia({ name: 'refuse-lab-peers', seed: services.id }).onRequest((c) => {
    const peer = c.server?.requestIP(c.request)?.address
    // Returning here skips every later hook, the request log included: a lab cannot fill the logs either.
    if (services.labs.subnets.contains(peer)) return dropConnection()
  })

/** Raw TCP listeners (MQTT): true when the socket came from a lab network and was destroyed. */
export function refusedLabSocket(services: Services, socket: Socket): boolean {
  const { subnets } = services.labs
  if (!subnets.contains(socket.remoteAddress) && !subnets.contains(socket.localAddress)) return false
  socket.destroy()
  return true
}
