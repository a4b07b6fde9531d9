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

/** S3-compatible object storage through Bun's built-in client (path-style addressing, which MinIO and s3rver expect). */
export function s3Adapter(o: S3Settings): StorageAdapter {
  const client = new Bun.S3Client({
    endpoint: o.endpoint,
    bucket: o.bucket,
    accessKeyId: o.accessKey,
    secretAccessKey: o.secretKey,
    region: o.region || 'us-east-1',
  })
  const file = (key: string) => {
    if (!validKey(key)) throw new Error(`invalid storage key ${key}`)
    return client.file(key)
  }
  return {
    id: o.id,
    async putFile(tmp, key, contentType) {
      // Bun streams a file body to the bucket (multipart for large files): the upload is never whole in memory.
      await file(key).write(Bun.file(tmp), { type: contentType })
      await unlink(tmp)
    },
    open: (key) => file(key),
    // A Response built from an S3 file would redirect to the bucket; the appliance streams it instead, so the bucket stays private.
    body: (key, r) => (r ? file(key).slice(r.start, r.end + 1) : file(key)).stream(),
    async stat(key) {
      try {
        return (await file(key).stat()).size
      } catch {
        return null
      }
    },
    async remove(key) {
      await file(key).delete()
    },
  }
}
