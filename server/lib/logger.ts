import pino from 'pino'

/**
 * pino JSON to stdout. Redaction is belt and braces: request logging only ever
 * passes method/path/status/ms/user/tenant, but a stray object must not leak secrets.
 */
export const createLogger = (level = 'info') =>
  pino({
    level,
    base: { service: 'atrium' },
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'access_token',
        'refresh_token',
        'clientSecret',
        '*.clientSecret',
        'secret',
      ],
      censor: '[redacted]',
    },
  })
