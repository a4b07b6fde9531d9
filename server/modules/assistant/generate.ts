import OpenAI from 'openai'
import type { Db } from '../../lib/db.ts'
import { outboundFetch } from '../../lib/outbound.ts'
import { PLATFORM_TENANT } from '../../lib/permissions.ts'
import type { ModelEndpoint } from './config.ts'

/** What the endpoint said it used, when it said (stream_options.include_usage; not every server answers it). */
export interface Usage {
  promptTokens?: number
  completionTokens?: number
}

/**
 * One streamed chat completion from the platform's OpenAI-compatible endpoint (the `openai` SDK with its base URL):
 * every connection goes through the outbound policy, checked as the platform's setting, so a name re-pointed at an
 * internal address since it was saved is refused. Calls `onDelta` with each piece of the answer as it arrives.
 */
export async function streamAnswer(
  db: Db,
  endpoint: ModelEndpoint,
  messages: { role: 'system' | 'user'; content: string }[],
  onDelta: (text: string) => void,
  signal: AbortSignal,
): Promise<Usage> {
  const client = new OpenAI({
    baseURL: endpoint.baseUrl,
    // A local server (Ollama, llama.cpp) may take no key; the SDK needs one to build its header.
    apiKey: endpoint.apiKey || 'none',
    maxRetries: 0,
    timeout: 120_000,
    fetch: (url, init) => outboundFetch(db, PLATFORM_TENANT, String(url), { ...init, field: 'baseUrl' }),
  })
  const stream = await client.chat.completions.create(
    { model: endpoint.model, messages, stream: true, stream_options: { include_usage: true } },
    { signal },
  )
  const usage: Usage = {}
  for await (const chunk of stream) {
    const text = chunk.choices[0]?.delta?.content
    if (text) onDelta(text)
    if (chunk.usage) {
      usage.promptTokens = chunk.usage.prompt_tokens
      usage.completionTokens = chunk.usage.completion_tokens
    }
  }
  return usage
}
