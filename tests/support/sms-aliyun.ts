import { createHash, createHmac, randomUUID } from 'node:crypto'

/** A message the stand-in accepted, as Aliyun's SendSms received it. */
export interface AliyunSent {
  accessKeyId: string
  phones: string[]
  signName: string
  templateCode: string
  params: Record<string, string>
}

const sha256 = (b: string | Uint8Array) => createHash('sha256').update(b).digest('hex')
/** RFC 3986 percent-encoding, as ACS3 canonicalises query values. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/**
 * A local stand-in for Aliyun's SMS API (dysmsapi, 2017-05-25) that recomputes the SDK's ACS3-HMAC-SHA256 signature
 * from what it received — canonical query, every x-acs-* header plus host and content-type, the body's hash — and
 * refuses an unknown key or a wrong signature with Aliyun's own error shape and status.
 */
export function startAliyunSms(keys: Record<string, string>) {
  const sent: AliyunSent[] = []
  const error = (status: number, Code: string, Message: string) =>
    Response.json({ RequestId: randomUUID(), HostId: 'dysmsapi.aliyuncs.com', Code, Message }, { status })
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      const body = new Uint8Array(await req.arrayBuffer())
      const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(
        req.headers.get('authorization') ?? '',
      )
      if (!auth) return error(400, 'MissingAuthorization', 'Authorization is mandatory for this action.')
      const [, accessKeyId, signedHeaders, signature] = auth
      const secret = keys[accessKeyId]
      if (secret === undefined) return error(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.')
      const names = [...req.headers.keys()]
        .map((h) => h.toLowerCase())
        .filter((h) => h.startsWith('x-acs-') || h === 'host' || h === 'content-type')
        .sort()
      const canonical = [
        req.method,
        url.pathname,
        [...url.searchParams.keys()]
          .sort()
          .map((k) => `${encode(k)}=${encode(url.searchParams.get(k) ?? '')}`)
          .join('&'),
        names.map((h) => `${h}:${(req.headers.get(h) ?? '').trim()}\n`).join(''),
        names.join(';'),
        sha256(body),
      ].join('\n')
      const expected = createHmac('sha256', secret)
        .update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`)
        .digest('hex')
      if (
        signedHeaders !== names.join(';') ||
        signature !== expected ||
        req.headers.get('x-acs-content-sha256') !== sha256(body)
      )
        return error(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.')
      if (req.headers.get('x-acs-action') !== 'SendSms')
        return error(400, 'InvalidAction.NotFound', 'Specified api is not found.')
      const q = url.searchParams
      sent.push({
        accessKeyId,
        phones: (q.get('PhoneNumbers') ?? '').split(','),
        signName: q.get('SignName') ?? '',
        templateCode: q.get('TemplateCode') ?? '',
        params: JSON.parse(q.get('TemplateParam') || '{}'),
      })
      return Response.json({ Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0`, RequestId: randomUUID() })
    },
  })
  return { url: `http://127.0.0.1:${server.port}`, sent, stop: () => server.stop(true) }
}
