import { SMTPServer, type SMTPServerSession } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'
import type { AddressInfo } from 'node:net'

export interface Received {
  messageId: string
  /** The login the message came in under. */
  user: string | undefined
  envelope: { from: string; to: string[] }
  parsed: ParsedMail
}

export interface TestSmtpOptions {
  /** Logins the server accepts (user → password); without any, no login is asked. */
  users?: Record<string, string>
  /** Refuses the message (after its data) with this SMTP answer, e.g. { code: 550, message: 'mailbox full' }. */
  refuse?: (session: SMTPServerSession) => { code: number; message: string } | undefined
  /** Parse each message (slower; the benchmark counts Message-IDs only). Default true. */
  parse?: boolean
  /** Called once a message's data is complete, before the server answers it (the kill -9 test stops the sender here). */
  onMessage?: (r: { messageId: string }) => void | Promise<void>
}

/**
 * A real SMTP server in the test process (smtp-server + mailparser): it checks the login, keeps what it received
 * and counts each Message-ID, so a test sees exactly what reached the server and how many times. Plain SMTP on
 * 127.0.0.1 (the appliance reaches it because the tests allow loopback in the outbound policy).
 */
export async function startTestSmtp(o: TestSmtpOptions = {}) {
  const received: Received[] = []
  const counts = new Map<string, number>()
  const needsLogin = Boolean(o.users && Object.keys(o.users).length)
  const server = new SMTPServer({
    secure: false,
    disabledCommands: needsLogin ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !needsLogin,
    allowInsecureAuth: true,
    logger: false,
    size: 30 * 1024 * 1024,
    onAuth(auth, _session, cb) {
      if (o.users?.[auth.username ?? ''] !== undefined && o.users[auth.username!] === auth.password)
        return cb(null, { user: auth.username })
      const err = new Error('5.7.8 Authentication credentials invalid') as Error & { responseCode: number }
      err.responseCode = 535
      cb(err)
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        // An incomplete DATA (the client went away before the final dot) is not a message.
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) return cb(new Error('too large'))
        void (async () => {
          const raw = Buffer.concat(chunks)
          const messageId = /^message-id:\s*(<[^>]+>)/im.exec(raw.subarray(0, 8192).toString('latin1'))?.[1] ?? ''
          await o.onMessage?.({ messageId })
          const refusal = o.refuse?.(session)
          if (refusal) {
            const err = new Error(refusal.message) as Error & { responseCode: number }
            err.responseCode = refusal.code
            return cb(err)
          }
          counts.set(messageId, (counts.get(messageId) ?? 0) + 1)
          if (o.parse !== false)
            received.push({
              messageId,
              user: session.user as string | undefined,
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((r) => r.address),
              },
              parsed: await simpleParser(raw),
            })
          cb(null, `Ok: queued as ${counts.size}`)
        })().catch((err: Error) => cb(err))
      })
    },
  })
  // A sender that vanishes mid-session (the kill -9 test) resets its socket: expected, not a failure of the server.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    received,
    /** How many times each Message-ID arrived. */
    counts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
