/**
 * A Docker engine reached over TCP+TLS, for the lab-host suites: certificates made with the `openssl` CLI (a CA, a
 * server certificate for 127.0.0.1, a client certificate, and a second "rogue" CA with its own client certificate
 * for the refusals), and a TLS server in the test process that checks client certificates against the CA and pipes
 * each accepted connection to the suites' engine (DOCKER_HOST) — what `dockerd --tlsverify` does on a remote host.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type TLSSocket } from 'node:tls'
import { dockerSocket } from '../../server/lib/config.ts'

export interface TlsCerts {
  ca: string
  clientCert: string
  clientKey: string
  /** A CA the engine does not trust, and a client certificate it signed. */
  rogueCa: string
  rogueCert: string
  rogueKey: string
  serverCert: string
  serverKey: string
}

/** Makes the certificates in a temporary folder (removed before returning): EC P-256, valid for two days. */
export function makeTlsCerts(): TlsCerts {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-tls-'))
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  const ca = (name: string) =>
    ssl(
      'req',
      '-x509',
      ...newKey,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
    )
  const issue = (name: string, by: string, ext: string) => {
    ssl('req', ...newKey, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`)
    writeFileSync(join(dir, `${name}.ext`), ext)
    ssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${by}.pem`,
      '-CAkey',
      `${by}.key`,
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
    )
  }
  try {
    ca('atrium-test-ca')
    ca('rogue-ca')
    issue('server', 'atrium-test-ca', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n')
    issue('client', 'atrium-test-ca', 'extendedKeyUsage=clientAuth\n')
    issue('rogue-client', 'rogue-ca', 'extendedKeyUsage=clientAuth\n')
    const read = (f: string) => readFileSync(join(dir, f), 'utf8')
    return {
      ca: read('atrium-test-ca.pem'),
      clientCert: read('client.pem'),
      clientKey: read('client.key'),
      rogueCa: read('rogue-ca.pem'),
      rogueCert: read('rogue-client.pem'),
      rogueKey: read('rogue-client.key'),
      serverCert: read('server.pem'),
      serverKey: read('server.key'),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export interface TlsDockerProxy {
  /** The endpoint to list: tcp://127.0.0.1:<port>. */
  endpoint: string
  /** Connections whose client certificate was accepted (each piped to the engine). */
  accepted: () => number
  stop(): Promise<void>
}

/** Listens on a free port of 127.0.0.1; only clients with a certificate the CA signed get through to the engine. */
export async function startTlsDockerProxy(certs: TlsCerts): Promise<TlsDockerProxy> {
  let accepted = 0
  const open = new Set<TLSSocket>()
  const server = createServer(
    { ca: certs.ca, cert: certs.serverCert, key: certs.serverKey, requestCert: true, rejectUnauthorized: true },
    (client) => {
      accepted++
      open.add(client)
      const engine = connect(dockerSocket())
      client.pipe(engine).pipe(client)
      const end = () => {
        client.destroy()
        engine.destroy()
        open.delete(client)
      }
      client.on('error', end).on('close', end)
      engine.on('error', end).on('close', end)
    },
  )
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `tcp://127.0.0.1:${port}`,
    accepted: () => accepted,
    stop: async () => {
      for (const c of open) c.destroy()
      await new Promise<void>((ok) => server.close(() => ok()))
    },
  }
}
