import { defineMessages } from '../../../lib/messages.ts'

/**
 * Why a listed engine did not answer its probe, as the platform administrator can act on it: TLS and SSH refusals
 * say which side's key or certificate to check (issue #27). The probe keeps the message key and its values; each
 * read words it in the reader's language.
 */
export interface HostProblem {
  key: string
  params: Record<string, string | number>
}

defineMessages({
  'labHost.tlsRefused': {
    zh: '实验主机拒绝了本设备的 TLS 客户端证书（或在握手时断开连接）：请检查客户端证书与私钥是否由该主机信任的 CA 签发',
    en: "the lab host refused this appliance's TLS client certificate (or dropped the handshake): check that the client certificate and key are issued by a CA the host trusts",
  },
  'labHost.tlsUntrusted': {
    zh: '实验主机的证书不受所填 CA 证书信任（{reason}）：请检查 CA 证书及地址中的主机名',
    en: "the lab host's certificate is not trusted by the CA certificate given ({reason}): check the CA certificate and the host name in the endpoint",
  },
  'labHost.refused': {
    zh: '无法连接实验主机 {address}：连接被拒绝（引擎未运行或端口不对）',
    en: 'cannot connect to the lab host at {address}: connection refused (the engine is not running or the port is wrong)',
  },
  'labHost.unknownName': {
    zh: '无法解析实验主机的名称 {address}',
    en: 'the lab host name {address} cannot be resolved',
  },
  'labHost.sshRefused': {
    zh: 'SSH 登录被拒绝：请检查地址中的用户名与所填私钥（其公钥须在该用户的 authorized_keys 中）',
    en: "the SSH login was refused: check the user in the endpoint and the private key given (its public key must be in that user's authorized_keys)",
  },
  'labHost.sshHostKey': {
    zh: '实验主机的 SSH 主机公钥与所填的不符，已拒绝连接',
    en: "the lab host's SSH host key is not the one given: the connection was refused",
  },
  'labHost.timeout': {
    zh: '实验主机在 {seconds} 秒内没有应答',
    en: 'the lab host did not answer within {seconds} s',
  },
  'labHost.unreachable': {
    zh: '无法连接实验主机：{reason}',
    en: 'cannot reach the lab host: {reason}',
  },
})

/** Certificate checks the appliance makes of the engine's certificate (Node's and BoringSSL's codes). */
const UNTRUSTED =
  /^(SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|CERT_SIGNATURE_FAILURE|CERT_HAS_EXPIRED|CERT_NOT_YET_VALID|ERR_TLS_CERT_ALTNAME_INVALID|CERT_UNTRUSTED|CERT_REJECTED)$/

/**
 * The problem an engine's failed probe shows. `tls`: the engine is reached over TLS, where a connection dropped
 * during the handshake is the engine refusing the client certificate (a TLS server that checks client certificates
 * answers an alert, or — Bun's — just closes).
 */
export function hostProblem(err: unknown, address: string, tls: boolean): HostProblem {
  const e = (err ?? {}) as { code?: string; level?: string; message?: string; timeoutSeconds?: number }
  const code = e.code ?? ''
  const message = String(e.message ?? err)
  if (e.timeoutSeconds) return { key: 'labHost.timeout', params: { seconds: e.timeoutSeconds } }
  if (UNTRUSTED.test(code)) return { key: 'labHost.tlsUntrusted', params: { reason: message } }
  if (/^ERR_SSL_.*ALERT/.test(code) || (tls && code === 'ECONNRESET')) return { key: 'labHost.tlsRefused', params: {} }
  if (code === 'ECONNREFUSED') return { key: 'labHost.refused', params: { address } }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { key: 'labHost.unknownName', params: { address } }
  // ssh2 marks where a connection failed: the login, or the host key check in the handshake.
  if (e.level === 'client-authentication') return { key: 'labHost.sshRefused', params: {} }
  if (e.level === 'handshake' && /verification failed/i.test(message)) return { key: 'labHost.sshHostKey', params: {} }
  return { key: 'labHost.unreachable', params: { reason: message } }
}
