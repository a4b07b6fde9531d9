import Docker from 'dockerode'

const socket = process.env.DOCKER_HOST?.replace(/^unix:\/\//, '') ?? (process.env.ATRIUM_DOCKER_SOCKET || '/var/run/docker.sock')
let cached: { at: number; value: string } | undefined

/** 'up <version>' or 'down'; cached for 10 s so a busy health check does not hammer the engine. */
export async function dockerStatus(): Promise<string> {
  if (cached && Date.now() - cached.at < 10_000) return cached.value
  let value = 'down'
  try {
    const v = await Promise.race([new Docker({ socketPath: socket }).version(), new Promise<never>((_, no) => setTimeout(() => no(new Error('timeout')), 1000))])
    value = `up ${v.Version}`
  } catch { /* engine absent or not answering */ }
  cached = { at: Date.now(), value }
  return value
}
