/** The baseline: a bare Bun.serve answering recorded bytes per path, with no framework, auth or database. */
const [port, file] = process.argv.slice(2)
const bodies: Record<string, string> = JSON.parse(await Bun.file(file).text())
Bun.serve({
  port: Number(port),
  hostname: '127.0.0.1',
  fetch(req) {
    const u = new URL(req.url)
    const body = bodies[u.pathname + u.search]
    return body === undefined
      ? new Response('not found', { status: 404 })
      : new Response(body, { headers: { 'content-type': 'application/json' } })
  },
})
export {}
