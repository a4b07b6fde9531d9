/**
 * A Docker engine reached over SSH, for the lab-host suites: an sshd of its own (Debian's openssh-server) on a free
 * port of 127.0.0.1, with a host key and a login key made by `ssh-keygen`, passwords off, and DOCKER_HOST set for
 * its sessions so the `docker system dial-stdio` docker-modem runs there reaches the suites' engine — what a
 * remote Docker host with an authorised key is. It logs in only the user running the tests.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dockerSocket } from '../../server/lib/config.ts'
import { freePort } from './server-process.ts'

export const SSHD = '/usr/sbin/sshd'

export interface SshDockerHost {
  /** ssh://<user>@127.0.0.1:<port> */
  endpoint: string
  /** The authorised login key (OpenSSH private key). */
  privateKey: string
  /** The sshd's public host key, as a known_hosts line reads it (`ssh-ed25519 AAAA…`). */
  hostKey: string
  /** A key the sshd does not know, and another host's public key (for the refusals). */
  strangerKey: string
  strangerHostKey: string
  /** Logins the sshd accepted so far (its log's "Accepted publickey" lines). */
  logins(): number
  stop(): Promise<void>
}

/** The banner an sshd sends first: it is listening and ready. */
const banner = (port: number) =>
  new Promise<boolean>((ok) => {
    const s = connect(port, '127.0.0.1')
    s.once('data', (b) => {
      s.destroy()
      ok(b.toString().startsWith('SSH-2.0'))
    })
    s.once('error', () => ok(false))
  })

/** Starts the sshd; answers why not when it cannot (not installed, or it exited). */
export async function startSshDockerHost(): Promise<SshDockerHost | { reason: string }> {
  if (!existsSync(SSHD)) return { reason: `${SSHD} is not installed (apt-get install openssh-server)` }
  if (spawnSync('sh', ['-c', 'command -v docker']).status !== 0) return { reason: 'the docker CLI is not installed' }
  // The account running the tests, by its passwd entry (Bun's os.userInfo() answers 'unknown' without $USER).
  const user = spawnSync('id', ['-un'], { encoding: 'utf8' }).stdout.trim()
  if (!user) return { reason: 'the user running the tests has no name (id -un)' }
  const dir = mkdtempSync(join(tmpdir(), 'atrium-sshd-'))
  const keygen = (name: string) => {
    spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', join(dir, name)], { stdio: 'ignore' })
    return { key: readFileSync(join(dir, name), 'utf8'), pub: readFileSync(join(dir, `${name}.pub`), 'utf8').trim() }
  }
  const host = keygen('host_key')
  const login = keygen('login_key')
  const stranger = keygen('stranger_key')
  const strangerHost = keygen('stranger_host_key')
  writeFileSync(join(dir, 'authorized_keys'), `${login.pub}\n`)
  chmodSync(join(dir, 'authorized_keys'), 0o600)
  // Privilege separation needs its empty directory when sshd runs as root (the package's service would make it).
  if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 })
  const port = await freePort()
  writeFileSync(
    join(dir, 'sshd_config'),
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(dir, 'host_key')}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PermitRootLogin prohibit-password',
      // The keys live under /tmp (world-writable): the ownership checks of a home directory do not apply.
      'StrictModes no',
      'UsePAM no',
      'PidFile none',
      `SetEnv DOCKER_HOST=unix://${dockerSocket()}`,
      '',
    ].join('\n'),
  )
  const child: ChildProcess = spawn(SSHD, ['-D', '-e', '-f', join(dir, 'sshd_config')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let log = ''
  let logins = 0
  let line = ''
  child.stderr!.on('data', (b: Buffer) => {
    log = (log + b.toString()).slice(-2000)
    const lines = (line + b.toString()).split('\n')
    line = lines.pop()!
    logins += lines.filter((l) => l.startsWith('Accepted publickey')).length
  })
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await Promise.race([exited, new Promise((ok) => setTimeout(ok, 5000))])
    rmSync(dir, { recursive: true, force: true })
  }
  for (let i = 0; i < 100 && child.exitCode === null; i++) {
    if (await banner(port))
      return {
        endpoint: `ssh://${user}@127.0.0.1:${port}`,
        privateKey: login.key,
        hostKey: host.pub,
        strangerKey: stranger.key,
        strangerHostKey: strangerHost.pub,
        logins: () => logins,
        stop,
      }
    await new Promise((ok) => setTimeout(ok, 100))
  }
  await stop()
  return { reason: `sshd did not start: ${log.trim() || 'no answer within 10 s'}` }
}
