import { describe, expect, it } from 'vitest'
import { createLogger, flushRequestLines, requestLogger } from './logger.ts'

/** A pino destination that keeps what it is given, one parsed line per write. */
const capture = () => {
  const lines: string[] = []
  return { lines, stream: { write: (s: string) => void lines.push(s) } }
}

describe('logs', () => {
  it('the per-request line is byte for byte what pino writes for the same fields, time aside', () => {
    const { lines, stream } = capture()
    const log = createLogger('info', stream)
    const fields = { method: 'GET', path: '/api/x"y', status: 404, ms: 1.5, user: null, tenant: '000000' }
    log.info(fields, 'request')
    const line = requestLogger(log)
    // It renders the line itself (the point of it), not through log.info.
    const info = log.info
    log.info = () => {
      throw new Error('the request line went through log.info')
    }
    line(fields)
    log.info = info
    requestLogger(log.child({ module: 'test' }))({ ...fields, user: '42' })
    flushRequestLines()
    expect(lines).toHaveLength(3)
    const [viaPino, direct, child] = lines.map((l) => l.replace(/"time":\d+/, '"time":0'))
    expect(direct).toBe(viaPino)
    expect(direct.endsWith('\n')).toBe(true)
    expect(JSON.parse(child)).toMatchObject({ module: 'test', service: 'atrium', user: '42', msg: 'request' })
    // Strings JSON must escape (quotes, backslashes, control characters, lone surrogates) come out as pino writes them too.
    for (const path of ['/a\\b', '/tab\there', '/nl\n', '/\ud800x', '/中文 ok', '']) {
      const odd = { ...fields, path, user: null, tenant: 'x"y' }
      log.info(odd, 'request')
      line(odd)
      flushRequestLines()
      const [a, b] = lines.splice(-2).map((l) => l.replace(/"time":\d+/, '"time":0'))
      expect(b).toBe(a)
    }
  })

  it('holds request lines briefly and writes them together in one write, in order', async () => {
    const { lines, stream } = capture()
    const line = requestLogger(createLogger('info', stream))
    for (let i = 0; i < 100; i++)
      line({ method: 'GET', path: `/api/x/${i}`, status: 200, ms: 0.1, user: '1', tenant: '000000' })
    expect(lines).toEqual([])
    // Written by the timer, without anyone asking: a quiet appliance's last lines do not wait for the next request.
    await new Promise((ok) => setTimeout(ok, 200))
    expect(lines).toHaveLength(1)
    const written = lines[0]
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(written.map((l) => l.path)).toEqual(Array.from({ length: 100 }, (_, i) => `/api/x/${i}`))
    expect(written[0]).toMatchObject({ level: 30, service: 'atrium', msg: 'request', status: 200 })
  })

  it('a process that exits right after a request still writes its line', async () => {
    const script = `import { createLogger, requestLogger } from ${JSON.stringify(new URL('./logger.ts', import.meta.url).pathname)}
requestLogger(createLogger('info'))({ method: 'POST', path: '/api/last', status: 200, ms: 1, user: '1', tenant: '000000' })
process.exit(0)`
    const child = Bun.spawn([process.execPath, '-e', script], { stdout: 'pipe', stderr: 'inherit' })
    const out = await new Response(child.stdout).text()
    expect(await child.exited).toBe(0)
    expect(JSON.parse(out)).toMatchObject({ path: '/api/last', msg: 'request' })
  })

  it('writes no request line below its level', () => {
    const { lines, stream } = capture()
    requestLogger(createLogger('warn', stream))({
      method: 'GET',
      path: '/',
      status: 200,
      ms: 1,
      user: null,
      tenant: null,
    })
    flushRequestLines()
    expect(lines).toEqual([])
  })

  it('censors secrets at the top of a logged object and one level down, leaving the caller’s object alone', () => {
    const { lines, stream } = capture()
    const logged = {
      password: 'p1',
      token: 't1',
      body: { password: 'p2', clientSecret: 'c2', name: 'kept' },
      list: [{ password: 'in a list' }],
      n: 1,
    }
    createLogger('info', stream).info(logged, 'sign-in')
    const line = JSON.parse(lines[0])
    expect(line).toMatchObject({ password: '[redacted]', token: '[redacted]', n: 1, msg: 'sign-in' })
    expect(line.body).toEqual({ password: '[redacted]', clientSecret: '[redacted]', name: 'kept' })
    expect(logged.password).toBe('p1')
    expect(logged.body.password).toBe('p2')
    expect(lines[0]).not.toMatch(/p1|t1|p2|c2/)
  })
})
