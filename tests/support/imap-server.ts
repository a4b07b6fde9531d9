/**
 * A private IMAP server for the mail inbox suites: Debian's Dovecot (`dovecot-imapd`) run in the foreground from a
 * config under a temp dir — one passwd-file user, its maildir under the same dir, plain IMAP on a free port of
 * 127.0.0.1, no system service touched. Messages are seeded with IMAP APPEND (so Dovecot assigns the UIDs), and
 * `renumber()` gives the folder a new UIDVALIDITY the way a restored or rebuilt mail store does. Without the binary
 * the suites skip with a printed reason; in CI (CI=true) that is a failure, as for Docker and Chromium.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createConnection } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ImapFlow } from 'imapflow'
import { describe, it } from 'vitest'
import { freePort } from './browser.ts'

const DOVECOT = '/usr/sbin/dovecot'
const missing = existsSync(DOVECOT) ? '' : 'dovecot not found (apt-get install -y dovecot-imapd)'

export function describeImap(name: string, body: () => void) {
  if (!missing) return describe(name, body)
  if (process.env.CI)
    return describe(name, () =>
      it(`needs Dovecot: ${missing}`, () => {
        throw new Error(missing)
      }),
    )
  console.warn(`[skip] ${name}: ${missing}`)
  return describe.skipIf(true)(name, body)
}

const greets = (port: number) =>
  new Promise<boolean>((ok) => {
    const s = createConnection(port, '127.0.0.1')
    s.once('data', (d) => {
      s.destroy()
      ok(d.toString().startsWith('* OK'))
    })
    s.once('error', () => ok(false))
  })

/** A system account's uid and gid (Dovecot refuses mail access as root, so a root test run stores mail as nobody). */
const idsOf = (user: string) => {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${user}:`))
  if (!line) throw new Error(`no system user ${user}`)
  const [, , uid, gid] = line.split(':')
  return { uid: Number(uid), gid: Number(gid) }
}

export interface ImapServer {
  host: string
  port: number
  user: string
  password: string
  /** APPENDs raw RFC 822 messages to the INBOX, in order; answers the UIDs Dovecot gave them. */
  append(messages: (string | Buffer)[]): Promise<number[]>
  /**
   * Drops raw messages straight into the INBOX's maildir (new/), as a local delivery agent does: thousands in a
   * moment where APPEND takes a round trip each. Dovecot numbers them when a client next opens the folder.
   */
  deliver(messages: (string | Buffer)[]): void
  /** The INBOX's current UIDVALIDITY. */
  uidValidity(): Promise<number>
  /** Gives the INBOX a new UIDVALIDITY (and renumbers its messages from 1), as after a mail store rebuild. */
  renumber(): Promise<number>
  stop(): Promise<void>
}

export async function startImap(): Promise<ImapServer> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'atrium-imap-'))
  const asRoot = process.getuid?.() === 0
  const me = asRoot ? idsOf('nobody') : { uid: process.getuid!(), gid: process.getgid!() }
  const myName = spawnSync('id', ['-un']).stdout.toString().trim()
  const user = 'school'
  const password = 'imap-secret'
  for (const d of ['run', 'state', 'mail', 'home']) mkdirSync(join(dir, d))
  writeFileSync(join(dir, 'users'), `${user}:{PLAIN}${password}:${me.uid}:${me.gid}::${join(dir, 'home')}::\n`)
  writeFileSync(
    join(dir, 'dovecot.conf'),
    [
      'protocols = imap',
      'listen = 127.0.0.1',
      `base_dir = ${join(dir, 'run')}`,
      `state_dir = ${join(dir, 'state')}`,
      `log_path = ${join(dir, 'dovecot.log')}`,
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      'first_valid_uid = 1',
      // Run unprivileged the internal and login processes as the caller when it is not root (no dovecot users needed).
      ...(asRoot ? [] : [`default_internal_user = ${myName}`, `default_login_user = ${myName}`]),
      `mail_location = maildir:${join(dir, 'mail')}/%u`,
      // The benchmark appends thousands of messages: no per-user process limit from login rates.
      'mail_max_userip_connections = 100',
      `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${join(dir, 'users')}\n}`,
      `userdb {\n  driver = passwd-file\n  args = username_format=%u ${join(dir, 'users')}\n}`,
      `service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
      '',
    ].join('\n'),
  )
  if (asRoot) {
    // Dovecot's auth process (user dovecot) reads the users file and the mail user works in its maildir.
    chmodSync(dir, 0o711)
    for (const d of ['mail', 'home']) chownSync(join(dir, d), me.uid, me.gid)
  }
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' })
  const deadline = Date.now() + 15_000
  while (!(await greets(port))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      const log = existsSync(join(dir, 'dovecot.log')) ? readFileSync(join(dir, 'dovecot.log'), 'utf8') : ''
      throw new Error(`dovecot did not start\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }

  const client = async () => {
    const c = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user, pass: password }, logger: false })
    await c.connect()
    return c
  }
  const uidValidity = async () => {
    const c = await client()
    try {
      const box = await c.mailboxOpen('INBOX', { readOnly: true })
      return Number(box.uidValidity)
    } finally {
      await c.logout()
    }
  }
  const maildir = join(dir, 'mail', user)

  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    async append(messages) {
      const c = await client()
      try {
        const uids: number[] = []
        for (const m of messages) {
          const r = await c.append('INBOX', m, ['\\Recent'])
          if (!r || !r.uid) throw new Error('APPEND answered no UID')
          uids.push(r.uid)
        }
        return uids
      } finally {
        await c.logout()
      }
    },
    deliver(messages) {
      for (const sub of ['', 'cur', 'new', 'tmp']) {
        mkdirSync(join(maildir, sub), { recursive: true })
        if (asRoot) chownSync(join(maildir, sub), me.uid, me.gid)
      }
      const stamp = Date.now()
      messages.forEach((m, i) => {
        const file = join(maildir, 'new', `${stamp}.M${i}P${process.pid}.atrium`)
        writeFileSync(file, m)
        if (asRoot) chownSync(file, me.uid, me.gid)
      })
    },
    uidValidity,
    async renumber() {
      const before = await uidValidity()
      // Dovecot keeps a maildir's numbering in dovecot-uidlist (header "3 V<uidvalidity> N<next uid> …") and caches
      // it in its index files. With both gone it rebuilds them from the message files it finds — new UIDs from 1 —
      // under a new UIDVALIDITY; writing the header ourselves makes that value certainly differ from the old one.
      for (const f of readdirSync(maildir)) if (f.startsWith('dovecot')) rmSync(join(maildir, f), { force: true })
      const files = ['cur', 'new'].flatMap((sub) =>
        existsSync(join(maildir, sub)) ? readdirSync(join(maildir, sub)).sort() : [],
      )
      const next = before + 1
      const lines = files.map((f, i) => `${i + 1} :${f.replace(/:2,.*$/, '')}`)
      writeFileSync(join(maildir, 'dovecot-uidlist'), [`3 V${next} N${files.length + 1}`, ...lines, ''].join('\n'))
      if (asRoot) chownSync(join(maildir, 'dovecot-uidlist'), me.uid, me.gid)
      return uidValidity()
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
