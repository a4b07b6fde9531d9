/**
 * A local stand-in for an OpenAI-compatible chat-completions server (the study assistant's tests): POST
 * /v1/chat/completions with `Authorization: Bearer <key>` answers the streaming protocol — `data: {...choices:
 * [{delta:{content}}]}` chunks, a usage chunk, then `data: [DONE]` — and keeps the requests it was sent. A wrong
 * key is a 401 with an OpenAI-style error body.
 */
export interface ChatRequest {
  model: string
  stream: boolean
  messages: { role: string; content: string }[]
}

export interface ChatStandIn {
  /** Base URL to configure, ending in /v1. */
  baseUrl: string
  requests: ChatRequest[]
  /** The answer's pieces for the next requests (streamed one chunk each). */
  answer: string[]
  stop: () => void
}

export function startChatStandIn(key: string): ChatStandIn {
  const requests: ChatRequest[] = []
  const state = { answer: ['The course says', ' so [1].'] }
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions')
        return new Response('not found', { status: 404 })
      if (req.headers.get('authorization') !== `Bearer ${key}`)
        return Response.json(
          { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } },
          { status: 401 },
        )
      const body = (await req.json()) as ChatRequest
      requests.push(body)
      const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: body.model }
      const lines = [
        ...state.answer.map((content, i) => ({
          ...base,
          choices: [{ index: 0, delta: i ? { content } : { role: 'assistant', content }, finish_reason: null }],
        })),
        { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
        { ...base, choices: [], usage: { prompt_tokens: 321, completion_tokens: 12, total_tokens: 333 } },
      ].map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
      const encoder = new TextEncoder()
      return new Response(
        new ReadableStream({
          start(controller) {
            for (const line of [...lines, 'data: [DONE]\n\n']) controller.enqueue(encoder.encode(line))
            controller.close()
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      )
    },
  })
  return {
    baseUrl: `http://127.0.0.1:${server.port}/v1`,
    requests,
    get answer() {
      return state.answer
    },
    set answer(pieces: string[]) {
      state.answer = pieces
    },
    stop: () => void server.stop(true),
  }
}

/** The events of a server-sent event stream's text, in order. */
export function sseEvents(text: string): { event: string; data: unknown }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message'
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null'
      return { event, data: JSON.parse(data) as unknown }
    })
}
