import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { assistantConfigResource } from './config.ts'
import { assistantQuestionResource } from './question.ts'
import { rememberSecret } from './secret.ts'

/** blade-assistant: the study assistant of /home/ai — the platform's model endpoint, the ask verb and its audit. */
export const assistantModule = (s: Services) => {
  rememberSecret(s)
  return new Elysia({ name: 'assistant-module', seed: s.id })
    .use(assistantConfigResource.routes(s))
    .use(assistantQuestionResource.routes(s))
}
