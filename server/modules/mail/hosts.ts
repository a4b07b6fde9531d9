import { isIP } from 'node:net'
import type { Db } from '../../lib/db.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { checkOutbound, type OutboundTarget } from '../../lib/outbound.ts'

defineMessages({
  'mail.host': {
    zh: '请输入服务器的主机名或 IP 地址（不含协议和端口）',
    en: 'enter the server’s host name or IP address (no scheme, no port)',
  },
})

const NAME =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/

/**
 * A mail server a school names (SMTP or IMAP) passes the appliance's outbound policy like any URL it configures:
 * its name is resolved and every address checked (server/lib/outbound.ts). Answers the checked address, which the
 * connection then uses (the name kept for TLS), so a name re-pointed after the check cannot lead elsewhere.
 * `status` 400 on a write (the field is named), 503 right before a connection.
 */
export async function checkMailHost(
  db: Db,
  tenantId: string,
  host: string,
  port: number,
  o: { field: string; status?: 400 | 503 },
): Promise<OutboundTarget> {
  const name = host.trim()
  if (!NAME.test(name) && !isIP(name)) throw badRequest('mail.host', { field: o.field }, o.field)
  const literal = isIP(name) === 6 ? `[${name}]` : name
  // The policy speaks URLs; the scheme is only the vehicle for host and port here.
  return checkOutbound(db, tenantId, `http://${literal}:${port}/`, o)
}
