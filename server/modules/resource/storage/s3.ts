import { unlink } from 'node:fs/promises'
import { validKey, type StorageAdapter } from './adapter.ts'

export interface S3Settings {
  id: string
  endpoint: string
  bucket: string
  accessKey: string
  secretKey: string
  region?: string | null
}

/** A fetch that holds every request to the outbound policy (server/lib/outbound.ts) and follows no redirect. */
export type GuardedFetch = (url: string, init: RequestInit) => Promise<Response>

/** What storage answered when it was not the object: logged, never shown to the caller. */
class StorageError extends Error {}

/**
 * S3-compatible object storage. Bun's S3 client only signs (presigned URLs,
 * path-style as MinIO and s3rver expect, valid for a minute); the requests go
 * through the guarded fetch, because the client itself follows redirects to
 * wherever the endpoint points them and resolves the name on its own — the
 * policy must see each address the appliance connects to.
 */
export function s3Adapter(o: S3Settings, guarded: GuardedFetch): StorageAdapter {
  const client = new Bun.S3Client({
    endpoint: o.endpoint,
    bucket: o.bucket,
    accessKeyId: o.accessKey,
    secretAccessKey: o.secretKey,
    region: o.region || 'us-east-1',
  })
  const signed = (key: string, method: 'GET' | 'PUT' | 'HEAD' | 'DELETE') => {
    if (!validKey(key)) throw new Error(`invalid storage key ${key}`)
    return client.presign(key, { method, expiresIn: 60 })
  }
  const refused = async (res: Response, what: string) => {
    await res.body?.cancel()
    return new StorageError(`storage ${o.id} answered ${res.status} to ${what}`)
  }
  return {
    id: o.id,
    async putFile(tmp, key, contentType) {
      // One streamed PUT: uploads are at most 100 MB, far below S3's 5 GB single-request limit.
      const res = await guarded(signed(key, 'PUT'), {
        method: 'PUT',
        body: Bun.file(tmp),
        headers: { 'content-type': contentType },
      })
      if (!res.ok) throw await refused(res, `PUT ${key}`)
      await res.body?.cancel()
      await unlink(tmp)
    },
    // The bytes only, read as they are sent: status, headers and type of storage's answer never reach the browser.
    async body(key, r) {
      const res = await guarded(signed(key, 'GET'), {
        method: 'GET',
        headers: r ? { range: `bytes=${r.start}-${r.end}` } : {},
      })
      if (res.status !== (r ? 206 : 200) || !res.body) throw await refused(res, `GET ${key}`)
      return res.body
    },
    async stat(key) {
      const res = await guarded(signed(key, 'HEAD'), { method: 'HEAD' })
      await res.body?.cancel()
      if (res.status === 404) return null
      if (!res.ok) throw new StorageError(`storage ${o.id} answered ${res.status} to HEAD ${key}`)
      return Number(res.headers.get('content-length') ?? 0)
    },
    async remove(key) {
      const res = await guarded(signed(key, 'DELETE'), { method: 'DELETE' })
      if (!res.ok && res.status !== 404) throw await refused(res, `DELETE ${key}`)
      await res.body?.cancel()
    },
  }
}
