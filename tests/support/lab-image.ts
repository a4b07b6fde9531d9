/**
 * The one small lab image every suite (and the benchmark) shares: a root
 * filesystem holding Debian's static busybox, imported with the engine's
 * import API (no registry needed). Idempotent; `bun tests/support/lab-image.ts`
 * prepares it (.ci/run does).
 */
import Docker from 'dockerode'
import { existsSync, readFileSync } from 'node:fs'
import tar from 'tar-stream'
import { DEMO_LAB_IMAGE } from '../../server/modules/lab/demo.ts'
import { dockerSocket } from '../../server/labs/docker.ts'

export const LAB_IMAGE = DEMO_LAB_IMAGE
const BUSYBOX = '/bin/busybox'
const APPLETS = [
  'sh',
  'ash',
  'ls',
  'cat',
  'echo',
  'mkdir',
  'rm',
  'sleep',
  'env',
  'id',
  'ps',
  'pwd',
  'touch',
  'stty',
  'du',
  'wc',
  'head',
  'tail',
  'grep',
  'sed',
  'vi',
  'top',
  'find',
  'cp',
  'mv',
  'tar',
  'httpd',
  'uname',
  'hostname',
  'true',
  'false',
  'test',
  '[',
  'seq',
  'dd',
  'kill',
  'clear',
  'less',
  'more',
]

async function rootfs(): Promise<Buffer> {
  const pack = tar.pack()
  for (const d of ['bin', 'etc', 'tmp', 'workspace', 'root', 'proc', 'sys', 'dev'])
    pack.entry({ name: d, type: 'directory', mode: d === 'tmp' ? 0o1777 : 0o755 })
  const bin = readFileSync(BUSYBOX)
  pack.entry({ name: 'bin/busybox', mode: 0o755, size: bin.length }, bin)
  for (const a of APPLETS) pack.entry({ name: `bin/${a}`, type: 'symlink', linkname: 'busybox' })
  const passwd = 'root:x:0:0:root:/root:/bin/sh\nlab:x:1000:1000:lab:/workspace:/bin/sh\n'
  pack.entry({ name: 'etc/passwd', mode: 0o644 }, passwd)
  pack.entry({ name: 'etc/group', mode: 0o644 }, 'root:x:0:\nlab:x:1000:\n')
  pack.finalize()
  const chunks: Buffer[] = []
  for await (const c of pack) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

/** Ensures the shared lab image exists; answers false (with the reason) when it cannot. */
export async function ensureLabImage(): Promise<{ ok: boolean; reason?: string }> {
  const docker = new Docker({ socketPath: dockerSocket() })
  try {
    await docker.version()
  } catch {
    return { ok: false, reason: `no Docker engine at ${dockerSocket()} (set DOCKER_HOST)` }
  }
  try {
    await docker.getImage(LAB_IMAGE).inspect()
    return { ok: true }
  } catch {
    /* not there yet */
  }
  if (!existsSync(BUSYBOX)) return { ok: false, reason: `${BUSYBOX} missing (apt-get install -y busybox-static)` }
  const [repo, tag] = LAB_IMAGE.split(':')
  const { Readable } = await import('node:stream')
  const res = (await docker.importImage(
    Readable.from(await rootfs()) as never,
    { repo, tag, changes: ['ENV PATH=/bin', 'WORKDIR /workspace', 'CMD ["/bin/sh"]'] } as never,
  )) as unknown as NodeJS.ReadableStream
  await new Promise((ok, no) => docker.modem.followProgress(res, (e) => (e ? no(e) : ok(null))))
  return { ok: true }
}

if (import.meta.main) {
  const r = await ensureLabImage()
  console.log(r.ok ? `lab image ${LAB_IMAGE} ready` : `lab image not prepared: ${r.reason}`)
  process.exit(r.ok ? 0 : 1)
}
