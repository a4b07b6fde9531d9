import type { testApp } from './harness.ts'

/** put-file through the real app, as the web client sends it (multipart field `files`). */
export async function uploadFile(t: Awaited<ReturnType<typeof testApp>>, file: File, token: string, kind = 'image') {
  const form = new FormData()
  form.append('files', file)
  const res = await t.app.handle(
    new Request(`http://localhost/api/blade-resource/oss/endpoint/put-file?kind=${kind}`, {
      method: 'POST',
      body: form,
      headers: { 'blade-auth': `bearer ${token}` },
    }),
  )
  const body = await res.json()
  if (res.status !== 200) throw new Error(`upload failed: ${JSON.stringify(body)}`)
  return body.data as { link: string; name: string; preview: string; attachId: string; size: number; ext: string }
}

/** A short test video made by ffmpeg (colour bars and a tone), as MP4 bytes. */
export async function testVideo(seconds = 2, size = '160x120'): Promise<Uint8Array<ArrayBuffer>> {
  const p = Bun.spawn(
    [
      'ffmpeg',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=s=${size}:d=${seconds}:r=10`,
      '-f',
      'lavfi',
      '-i',
      `sine=d=${seconds}`,
      '-c:v',
      'mpeg4',
      '-c:a',
      'aac',
      '-shortest',
      '-f',
      'mp4',
      '-movflags',
      'frag_keyframe+empty_moov',
      '-',
    ],
    { stdout: 'pipe', stderr: 'pipe' },
  )
  const bytes = new Uint8Array(await new Response(p.stdout).arrayBuffer())
  if ((await p.exited) !== 0) throw new Error(await new Response(p.stderr).text())
  return bytes
}
