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
import { dockerSocket } from '../../server/lib/config.ts'

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

async function rootfs(applets = APPLETS, files: Record<string, string> = {}): Promise<Buffer> {
  const pack = tar.pack()
  for (const d of ['bin', 'etc', 'tmp', 'workspace', 'root', 'proc', 'sys', 'dev'])
    pack.entry({ name: d, type: 'directory', mode: d === 'tmp' ? 0o1777 : 0o755 })
  const bin = readFileSync(BUSYBOX)
  pack.entry({ name: 'bin/busybox', mode: 0o755, size: bin.length }, bin)
  for (const a of applets) pack.entry({ name: `bin/${a}`, type: 'symlink', linkname: 'busybox' })
  for (const [name, text] of Object.entries(files)) pack.entry({ name, mode: 0o755 }, text)
  const passwd = 'root:x:0:0:root:/root:/bin/sh\nlab:x:1000:1000:lab:/workspace:/bin/sh\n'
  pack.entry({ name: 'etc/passwd', mode: 0o644 }, passwd)
  pack.entry({ name: 'etc/group', mode: 0o644 }, 'root:x:0:\nlab:x:1000:\n')
  pack.finalize()
  const chunks: Buffer[] = []
  for await (const c of pack) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

/** Imports a root filesystem as a tagged image unless the tag exists; answers false (with the reason) when it cannot. */
async function ensureImage(
  ref: string,
  make: () => Promise<Buffer>,
  cmd: string,
): Promise<{ ok: boolean; reason?: string }> {
  const docker = new Docker({ socketPath: dockerSocket() })
  try {
    await docker.version()
  } catch {
    return { ok: false, reason: `no Docker engine at ${dockerSocket()} (set DOCKER_HOST)` }
  }
  try {
    await docker.getImage(ref).inspect()
    return { ok: true }
  } catch {
    /* not there yet */
  }
  if (!existsSync(BUSYBOX)) return { ok: false, reason: `${BUSYBOX} missing (apt-get install -y busybox-static)` }
  const [repo, tag] = ref.split(':')
  const { Readable } = await import('node:stream')
  const res = (await docker.importImage(
    Readable.from(await make()) as never,
    { repo, tag, changes: ['ENV PATH=/bin', 'WORKDIR /workspace', `CMD ${cmd}`] } as never,
  )) as unknown as NodeJS.ReadableStream
  await new Promise((ok, no) => docker.modem.followProgress(res, (e) => (e ? no(e) : ok(null))))
  return { ok: true }
}

/** Ensures the shared lab image exists; answers false (with the reason) when it cannot. */
export const ensureLabImage = () => ensureImage(LAB_IMAGE, () => rootfs(), '["/bin/sh"]')

/**
 * A web lab: busybox httpd on port 8000 (a page, a CGI script echoing the
 * request) and, on port 9000, a WebSocket server written in shell: it answers
 * the handshake, sends one text frame naming the path it was asked for, and
 * keeps every byte the client sends in /tmp/ws.in.
 */
export const WEB_LAB_IMAGE = 'atrium/lab-web:1'
const WEB_FILES = {
  'srv/index.html':
    '<!doctype html><title>web lab</title><h1 id="hello">Hello from the lab</h1><a href="sub">sub</a>\n',
  'srv/sub/index.html': '<p>inside a folder</p>\n',
  'srv/cgi-bin/echo':
    '#!/bin/sh\nprintf \'Content-Type: text/plain\\r\\nSet-Cookie: labsid=1; Path=/; HttpOnly\\r\\n\\r\\n\'\necho "$REQUEST_METHOD $QUERY_STRING prefix=$HTTP_X_FORWARDED_PREFIX cookie=$HTTP_COOKIE auth=$HTTP_BLADE_AUTH"\ncat\n',
  'bin/web-start': '#!/bin/sh\nhttpd -p 8000 -h /srv\nexec nc -ll -p 9000 -e /bin/ws-hello\n',
  'bin/ws-hello': [
    '#!/bin/sh',
    'while IFS= read -r line; do',
    "  line=$(printf '%s' \"$line\" | tr -d '\\r')",
    '  [ -z "$line" ] && break',
    '  case "$line" in [Ss]ec-[Ww]eb[Ss]ocket-[Kk]ey:*) key=$(printf \'%s\' "${line#*:}" | tr -d \' \') ;; GET*) path=$(echo "$line" | cut -d\' \' -f2) ;; esac',
    'done',
    "accept=$(printf '%s' \"${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11\" | sha1sum | cut -d' ' -f1 | xxd -r -p | base64)",
    'printf \'HTTP/1.1 101 Switching Protocols\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\nSec-WebSocket-Accept: %s\\r\\n\\r\\n\' "$accept"',
    'msg="hello $path"',
    'printf "\\\\x81\\\\x$(printf \'%02x\' ${#msg})%s" "$msg"',
    'exec cat > /tmp/ws.in',
    '',
  ].join('\n'),
}
const WEB_APPLETS = [...APPLETS, 'nc', 'sha1sum', 'base64', 'cut', 'xxd', 'tr', 'printf', 'od']
export const ensureWebLabImage = () =>
  ensureImage(WEB_LAB_IMAGE, () => rootfs(WEB_APPLETS, WEB_FILES), '["/bin/sh", "/bin/web-start"]')

if (import.meta.main) {
  const r = await ensureLabImage()
  const web = r.ok ? await ensureWebLabImage() : r
  console.log(web.ok ? `lab images ${LAB_IMAGE} and ${WEB_LAB_IMAGE} ready` : `lab images not prepared: ${web.reason}`)
  process.exit(web.ok ? 0 : 1)
}
