import { siteConfig } from './config'
import i18n, { currentLang } from './i18n'
import { notify } from './notify'
import { session } from './session'
import type { Envelope, Page } from '../../../server/api-types'

/** The envelope every /api call answers (DESIGN: contract), as the server declares it, with what a refusal may add (the field it names, OAuth's wording). */
export type Reply<T> = Envelope<T> & { field?: string; error_description?: string }
export type { Envelope, Page }

/** A failed call: `field` names the input a 400 is about, so a form can mark it. */
export class ApiFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly field?: string,
    readonly body?: unknown,
  ) {
    super(message)
  }
}

export interface CallOptions {
  params?: Record<string, unknown>
  body?: unknown
  /** No error toast (the caller shows its own, e.g. the login form). */
  silent?: boolean
  headers?: Record<string, string>
  /** Aborts the call (the data layer passes its query's signal, so a superseded request is dropped). */
  signal?: AbortSignal
}

type UnauthorizedHandler = () => void
let onUnauthorized: UnauthorizedHandler = () => {
  session.clear()
  window.location.assign('/login')
}
/** The router installs a handler that navigates without a full reload. */
export const setUnauthorizedHandler = (h: UnauthorizedHandler) => {
  onUnauthorized = h
}

/** A failed call as observers see it (the error log queues 500s and network failures). */
export interface FailureEvent {
  method: string
  path: string
  code: number
  message: string
}
const failureListeners = new Set<(f: FailureEvent) => void>()
export const onApiFailure = (l: (f: FailureEvent) => void) => {
  failureListeners.add(l)
  return () => {
    failureListeners.delete(l)
  }
}
const failed = (f: FailureEvent) => failureListeners.forEach((l) => l(f))

const basic = () => `Basic ${btoa(`${siteConfig.clientId}:${siteConfig.clientSecret}`)}`

function query(params?: Record<string, unknown>) {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined && v !== null && v !== '') q.set(k, String(v))
  const s = q.toString()
  return s ? `?${s}` : ''
}

/**
 * The one API client. It adds the client and token headers, unwraps the
 * envelope and applies the spec's §8 rules: 401 → sign out and /login; any
 * other non-200 code → an error toast for 6 s (msg, else error description,
 * else "unknown error") and a rejected promise; white-listed codes reject
 * silently; network failures reject.
 */
export async function request<T>(method: 'GET' | 'POST', path: string, o: CallOptions = {}): Promise<T> {
  const headers = headersOf(o.headers)
  let body: BodyInit | undefined
  if (o.body instanceof FormData) body = o.body
  else if (o.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(o.body)
  }
  const timeout = AbortSignal.timeout(siteConfig.httpTimeoutMs)
  const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout
  let res: Response
  try {
    res = await fetch(`${path}${query(o.params)}`, { method, headers, body, signal })
  } catch (e) {
    // Cancelled by the caller: not a failure to report, just no answer.
    if (o.signal?.aborted) throw e
    failed({ method, path, code: 0, message: e instanceof Error ? e.message : String(e) })
    throw new ApiFailure(0, i18n.t('networkError'), undefined, e)
  }
  const json = (await res.json().catch(() => ({}))) as Partial<Reply<T>>
  o.signal?.throwIfAborted()
  return unwrap(method, path, res, json, o)
}

/** The headers every call carries: the client, the school, the language and the caller's token. */
function headersOf(extra?: Record<string, string>): Record<string, string> {
  const { token, tenantId } = session.get()
  const headers: Record<string, string> = {
    Authorization: basic(),
    'Tenant-Id': tenantId || siteConfig.defaultTenantId,
    'Accept-Language': currentLang() === 'en' ? 'en' : 'zh-CN',
    ...extra,
  }
  if (token) headers['Blade-Auth'] = `bearer ${token}`
  return headers
}

/** An envelope's data, or the spec's error rules applied to a refusal. */
function unwrap<T>(method: string, path: string, res: Response, json: Partial<Reply<T>>, o: CallOptions): T {
  const code = typeof json.code === 'number' ? json.code : res.status
  if (code === 401 || res.status === 401) {
    onUnauthorized()
    throw new ApiFailure(401, json.msg || i18n.t('sessionExpired'))
  }
  if (code !== 200) {
    const text = json.msg || json.error_description || i18n.t('unknownError')
    failed({ method, path, code, message: text })
    if (!o.silent && !siteConfig.silentCodes.includes(code)) notify.error(text)
    throw new ApiFailure(code, text, json.field, json)
  }
  return json.data as T
}

/**
 * A POST answered by a server-sent event stream (the study assistant's answer): each event goes to `onEvent` as it
 * arrives, its data parsed as JSON. A refusal before the stream starts is an envelope, under request()'s rules.
 */
export async function requestStream(
  path: string,
  body: unknown,
  onEvent: (event: string, data: unknown) => void,
  o: Pick<CallOptions, 'signal' | 'silent'> = {},
): Promise<void> {
  let res: Response
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: headersOf({ 'Content-Type': 'application/json' }),
      body: JSON.stringify(body),
      signal: o.signal,
    })
  } catch (e) {
    if (o.signal?.aborted) throw e
    failed({ method: 'POST', path, code: 0, message: e instanceof Error ? e.message : String(e) })
    throw new ApiFailure(0, i18n.t('networkError'), undefined, e)
  }
  if (!res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
    unwrap('POST', path, res, (await res.json().catch(() => ({}))) as Partial<Reply<unknown>>, o)
    return
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += value
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message'
      const data = /^data: (.*)$/m.exec(block)?.[1]
      if (data !== undefined) onEvent(event, JSON.parse(data))
    }
  }
}

export const api = {
  get: <T>(path: string, params?: Record<string, unknown>, o: Omit<CallOptions, 'params'> = {}) =>
    request<T>('GET', path, { ...o, params }),
  post: <T>(
    path: string,
    body?: unknown,
    params?: Record<string, unknown>,
    o: Omit<CallOptions, 'params' | 'body'> = {},
  ) => request<T>('POST', path, { ...o, body, params }),
  /**
   * Multipart upload (field `files`), answering data.link (spec: put-file). `kind` picks the server's limits
   * (image, banner, avatar, courseware, download, firmware, document); private kinds also answer a signed `preview`.
   */
  upload: (file: File, kind = 'image', path = '/api/blade-resource/oss/endpoint/put-file') => {
    const form = new FormData()
    form.append('files', file)
    return request<{
      link: string
      preview?: string
      name?: string
      originalName?: string
      attachId?: string
      size?: number
    }>('POST', path, { body: form, params: { kind } })
  },
  /** A file behind the caller's token (e.g. a backup archive): fetched with the usual headers, then saved by the browser. */
  async download(path: string, params: Record<string, unknown>, filename: string) {
    const { token, tenantId } = session.get()
    const res = await fetch(`${path}${query(params)}`, {
      headers: {
        Authorization: basic(),
        'Tenant-Id': tenantId || siteConfig.defaultTenantId,
        // A generated file (an export's headings and states) is in the user's language, as every answer is.
        'Accept-Language': currentLang() === 'en' ? 'en' : 'zh-CN',
        ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}),
      },
    })
    if (!res.ok) {
      const json = (await res.json().catch(() => ({}))) as Partial<Reply<unknown>>
      const text = json.msg || i18n.t('unknownError')
      notify.error(text)
      throw new ApiFailure(res.status, text)
    }
    const url = URL.createObjectURL(await res.blob())
    const a = Object.assign(document.createElement('a'), { href: url, download: filename })
    a.click()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  },
  /**
   * The token endpoint answers the bare token response, not the envelope.
   * Parameters travel as a form body, so the password never sits in a URL (logs,
   * history); `Refresh-Cookie` asks the server to keep the refresh token in an
   * HttpOnly cookie instead of the answer, out of reach of page scripts.
   */
  async token(params: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await fetch('/api/blade-auth/oauth/token', {
      method: 'POST',
      body: new URLSearchParams(params),
      headers: {
        Authorization: basic(),
        'Tenant-Id': params.tenantId ?? siteConfig.defaultTenantId,
        'Accept-Language': currentLang() === 'en' ? 'en' : 'zh-CN',
        'Refresh-Cookie': '1',
        ...headers,
      },
    })
    return (await res.json()) as Record<string, unknown>
  },
}
