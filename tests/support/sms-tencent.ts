import { createHash, createHmac, randomUUID } from 'node:crypto'

/** A message the stand-in accepted, as Tencent Cloud's SendSms received it. */
export interface TencentSent {
  secretId: string
  phones: string[]
  appId: string
  signName: string
  templateId: string
  params: string[]
}

const sha256 = (b: string | Uint8Array) => createHash('sha256').update(b).digest('hex')
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest()

/**
 * A local stand-in for Tencent Cloud's SMS API (2021-01-11) that recomputes the SDK's TC3-HMAC-SHA256 signature:
 * the host signed without its port, the service named by the first label of the host the SDK was pointed at, the
 * date scope from X-TC-Timestamp. An unknown SecretId or a wrong signature gets Tencent's error shape (HTTP 200 with
 * Response.Error), as the real API answers.
 */
export function startTencentSms(keys: Record<string, string>) {
  const sent: TencentSent[] = []
  const error = (Code: string, Message: string) =>
    Response.json({ Response: { Error: { Code, Message }, RequestId: randomUUID() } })
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const body = await req.text()
      const auth =
        /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(
          req.headers.get('authorization') ?? '',
        )
      if (!auth) return error('AuthFailure.SignatureFailure', 'The request has no valid TC3-HMAC-SHA256 authorization.')
      const [, secretId, date, service, signedHeaders, signature] = auth
      const secret = keys[secretId]
      if (secret === undefined)
        return error(
          'AuthFailure.SecretIdNotFound',
          'The SecretId is not found, please ensure that your SecretId is correct.',
        )
      const timestamp = req.headers.get('x-tc-timestamp') ?? ''
      const hostname = new URL(`http://${req.headers.get('host')}`).hostname
      const canonical = [
        req.method,
        new URL(req.url).pathname,
        '',
        `content-type:${req.headers.get('content-type')}\nhost:${hostname}\n`,
        'content-type;host',
        sha256(body),
      ].join('\n')
      const scopeDate = new Date(Number(timestamp) * 1000).toISOString().slice(0, 10)
      const expectedService = hostname.split('.')[0]
      const signing = hmac(hmac(hmac(`TC3${secret}`, scopeDate), expectedService), 'tc3_request')
      const expected = createHmac('sha256', signing)
        .update(`TC3-HMAC-SHA256\n${timestamp}\n${scopeDate}/${expectedService}/tc3_request\n${sha256(canonical)}`)
        .digest('hex')
      if (
        date !== scopeDate ||
        service !== expectedService ||
        signedHeaders !== 'content-type;host' ||
        signature !== expected
      )
        return error(
          'AuthFailure.SignatureFailure',
          'The provided credentials could not be validated. Please check your signature is correct.',
        )
      if (req.headers.get('x-tc-action') !== 'SendSms') return error('InvalidAction', 'The action does not exist.')
      const b = JSON.parse(body) as {
        PhoneNumberSet: string[]
        SmsSdkAppId: string
        SignName: string
        TemplateId: string
        TemplateParamSet?: string[]
      }
      sent.push({
        secretId,
        phones: b.PhoneNumberSet,
        appId: b.SmsSdkAppId,
        signName: b.SignName,
        templateId: b.TemplateId,
        params: b.TemplateParamSet ?? [],
      })
      return Response.json({
        Response: {
          SendStatusSet: b.PhoneNumberSet.map((p) => ({
            SerialNo: randomUUID(),
            PhoneNumber: p,
            Fee: 1,
            SessionContext: '',
            Code: 'Ok',
            Message: 'send success',
            IsoCode: 'CN',
          })),
          RequestId: randomUUID(),
        },
      })
    },
  })
  return { url: `http://127.0.0.1:${server.port}`, sent, stop: () => server.stop(true) }
}
