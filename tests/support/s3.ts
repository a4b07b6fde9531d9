import S3rver from 's3rver'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A real S3-compatible server (s3rver) on a free port with one bucket, for the S3 storage adapter's tests. */
export async function startS3(bucket = 'atrium') {
  const directory = mkdtempSync(join(tmpdir(), 'atrium-s3-'))
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const address = await server.run()
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    async stop() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
