/**
 * aedes by itself, as the broker bench's floor: the same library and runtime as Atrium's broker, with none of
 * Atrium's work — no authentication, no ACL, in-memory persistence, no device logs. Whatever gap to Mosquitto
 * this leaves is the library's and the runtime's, not the appliance's. Started by tests/bench/broker.ts (PORT).
 */
import { Aedes } from 'aedes'
import { createServer } from 'node:net'

const aedes = await Aedes.createBroker({})
createServer({ noDelay: true }, (socket) => aedes.handle(socket)).listen(Number(process.env.PORT), '127.0.0.1')
