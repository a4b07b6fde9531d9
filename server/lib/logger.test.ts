import { describe, expect, it } from 'vitest'
import { createLogger, requestLogger } from './logger.ts'

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
    expect(lines).toHaveLength(3)
    const [viaPino, direct, child] = lines.map((l) => l.replace(/"time":\d+/, '"time":0'))
    expect(direct).toBe(viaPino)
    expect(direct.endsWith('\n')).toBe(true)
    expect(JSON.parse(child)).toMatchObject({ module: 'test', service: 'atrium', user: '42', msg: 'request' })
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
