import type { Socket } from 'node:net'

/*
 * A broker socket's writes, held back for a few turns of the event loop and
 * then sent in one write. A QoS 1 PUBLISH costs the broker two packets back to
 * the sender (its PUBACK, and the message itself when the sender also
 * subscribes, as a device listening to its own topic tree does) and aedes
 * writes them several turns apart: the PUBACK, then (after a setImmediate) the
 * publish, then (after another) the delivery. mqtt-packet corks a socket only
 * until the end of the tick, so each packet went out as its own system call,
 * which was 40 % of the broker's CPU under a QoS 1 flood; held for three turns
 * they leave together. Each turn is short under load (the loop only runs what
 * is ready), so this adds well under a millisecond.
 */

/** Turns of the event loop (check phases) a socket's first held write waits; the publish path above spans three. */
const HOLD_TURNS = 3

let turn = 0
let ticking = false
/** Sockets holding writes → the turn they started holding, in that order. */
const held = new Map<Socket, number>()

function tick() {
  turn++
  for (const [socket, since] of held) {
    // Held in order, so the first one still waiting means the rest wait too.
    if (turn - since < HOLD_TURNS) break
    release(socket)
  }
  if (held.size) setImmediate(tick)
  else ticking = false
}

/** Sends what a socket holds now. */
function release(socket: Socket) {
  if (held.delete(socket)) socket.uncork()
}

/** Makes the socket's writes leave in batches (one writev); its reads and everything else are unchanged. */
export function coalesceWrites(socket: Socket): Socket {
  const { write, end, destroy } = socket
  // What is held goes out before the socket closes: a refused CONNECT's CONNACK 5 is written just before the close.
  socket.end = function (this: Socket, ...args: Parameters<Socket['end']>) {
    release(socket)
    return end.apply(this, args)
  } as Socket['end']
  socket.destroy = function (this: Socket, ...args: Parameters<Socket['destroy']>) {
    release(socket)
    return destroy.apply(this, args)
  } as Socket['destroy']
  socket.write = function (this: Socket, ...args: Parameters<Socket['write']>) {
    if (!held.has(socket)) {
      socket.cork()
      held.set(socket, turn)
      if (!ticking) {
        ticking = true
        setImmediate(tick)
      }
    }
    return write.apply(this, args)
  } as Socket['write']
  return socket
}
