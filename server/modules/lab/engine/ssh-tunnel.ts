import { Agent } from 'node:http'
import type { Duplex } from 'node:stream'
import { Client, type ConnectConfig } from 'ssh2'

/** Channels one login carries at most: sshd allows 10 sessions per connection (MaxSessions) unless told otherwise. */
const CHANNELS = 8
/** A login with no call on it for this long is closed (the fleet's probe, every 5 s, keeps a used one open). */
const IDLE_MS = 60_000

interface Login {
  client: Client
  ready: Promise<void>
  channels: number
  closed: boolean
  idle?: ReturnType<typeof setTimeout>
}

/**
 * The HTTP agent of an ssh:// lab host: each connection dockerode opens is a channel running
 * `docker system dial-stdio` (as the docker CLI's ssh:// does) on a login kept open and shared by the host's calls.
 * docker-modem's own ssh agent logs in anew for every request — a key exchange per call, several seconds for the
 * dozen calls a lab open makes. A refused login rejects the call with ssh2's error (its `level` says which step
 * failed: host-problem.ts words it); a dropped login is forgotten and the next call logs in again.
 */
export function sshAgent(config: ConnectConfig): Agent {
  const logins: Login[] = []

  const login = (): Login => {
    const client = new Client()
    const l: Login = { client, channels: 0, closed: false, ready: Promise.resolve() }
    const drop = () => {
      l.closed = true
      const at = logins.indexOf(l)
      if (at >= 0) logins.splice(at, 1)
    }
    l.ready = new Promise<void>((ok, no) => {
      client.once('ready', () => ok())
      // Before ready: the login failed; after: the connection broke (its channels error on their own).
      client.on('error', (err) => {
        drop()
        no(err)
      })
      client.once('close', drop)
    })
    l.ready.catch(() => undefined)
    client.connect({ keepaliveInterval: 10_000, keepaliveCountMax: 3, readyTimeout: 15_000, ...config })
    logins.push(l)
    return l
  }

  const release = (l: Login) => {
    l.channels--
    if (l.channels === 0 && !l.closed) {
      clearTimeout(l.idle)
      l.idle = setTimeout(() => l.channels === 0 && l.client.end(), IDLE_MS)
      l.idle.unref?.()
    }
  }

  const agent = new Agent()
  // Node's and Bun's http clients call this for each connection; the socket is handed over through the callback.
  ;(agent as unknown as { createConnection: unknown }).createConnection = (
    _options: unknown,
    done: (err: Error | null, socket?: Duplex) => void,
  ) => {
    const l = logins.find((x) => !x.closed && x.channels < CHANNELS) ?? login()
    l.channels++
    clearTimeout(l.idle)
    l.ready
      .then(
        () =>
          new Promise<Duplex>((ok, no) =>
            l.client.exec('docker system dial-stdio', (err, stream) => (err ? no(err) : ok(stream))),
          ),
      )
      .then(
        (stream) => {
          stream.once('close', () => release(l))
          done(null, stream)
        },
        (err: Error) => {
          release(l)
          done(err)
        },
      )
    return undefined
  }
  return agent
}
