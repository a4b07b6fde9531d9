import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { randomToken } from './tokens.ts'

/**
 * Secrets are made on first start and kept in the data directory (mode 600),
 * never written in code: every appliance signs tokens with its own key.
 */
export function loadSecrets(dataDir: string): { jwtSecret: string } {
  const file = join(dataDir, 'secrets.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'))
  mkdirSync(dataDir, { recursive: true })
  const secrets = { jwtSecret: randomToken() + randomToken() }
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 })
  return secrets
}
