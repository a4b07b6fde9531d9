import { eq } from 'drizzle-orm'
import { APIError } from 'openai'
import type { Logger } from 'pino'
import { assistantQuestion } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { ApiError } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { t } from '../../lib/messages.ts'
import { now } from '../../lib/time.ts'
import type { ModelEndpoint } from './config.ts'
import { streamAnswer, type Usage } from './generate.ts'
import { giveBackQuestion } from './quota.ts'

/** A section offered to the model as [n], and where its citation links on the portal. */
export interface Source {
  n: number
  sectionId: string
  title: string
  link: string
}

interface Asked {
  endpoint: ModelEndpoint
  course: { id: string; title: string }
  question: string
  sources: Source[]
  /** The chat to send; none when nothing in the course matched (the answer says so without the model). */
  messages?: { role: 'system' | 'user'; content: string }[]
  /** The quota day the question was counted on (when the model is called). */
  spentOn?: string
  log?: Logger
}

/** Why the model gave no answer, in the learner's words: never the endpoint's address nor its raw error text. */
function reasonOf(ctx: Ctx, err: unknown): string {
  if (err instanceof ApiError) return t(ctx.lang, err.key, err.params)
  if (err instanceof APIError && err.status) return `HTTP ${err.status}`
  return ctx.lang === 'zh' ? '无法连接' : 'unreachable'
}

/**
 * The answer as a server-sent event stream: `sources` (the numbered sections), `delta` pieces of the answer as the
 * model writes them, then `done` (the tokens, if reported) or `error`. The audit row is written before the model is
 * called (so a question is on record even if the process stops) and completed when the stream ends; a learner who
 * closes the page stops the model call. A question the endpoint never answered is given back to the school's quota.
 */
export async function answerStream(ctx: Ctx, a: Asked): Promise<Response> {
  const id = newId()
  const stamp = now()
  await ctx.db.insert(assistantQuestion).values({
    id,
    tenantId: ctx.actor.tenantId,
    createUser: ctx.actor.userId,
    createDept: ctx.actor.deptIds[0] ?? null,
    createTime: stamp,
    updateUser: ctx.actor.userId,
    updateTime: stamp,
    courseId: a.course.id,
    courseTitle: a.course.title,
    question: a.question,
    outcome: 'answering',
  })
  const finish = (outcome: 'answered' | 'failed', answer: string, usage: Usage) => {
    const cited = new Set([...answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])))
    return ctx.db
      .update(assistantQuestion)
      .set({
        outcome,
        answer,
        citedSections: JSON.stringify(
          a.sources.filter((s) => cited.has(s.n)).map((s) => ({ id: s.sectionId, title: s.title })),
        ),
        promptTokens: usage.promptTokens ?? null,
        completionTokens: usage.completionTokens ?? null,
        updateTime: now(),
      })
      .where(eq(assistantQuestion.id, id))
  }

  const encoder = new TextEncoder()
  const stop = new AbortController()
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: string, data: unknown) => {
        if (stop.signal.aborted) return
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`))
      }
      let answer = ''
      try {
        send('sources', a.sources)
        let usage: Usage = {}
        if (!a.messages) {
          answer = t(ctx.lang, 'assistant.nothingFound')
          send('delta', { text: answer })
        } else
          usage = await streamAnswer(
            ctx.db,
            a.endpoint,
            a.messages,
            (text) => {
              answer += text
              send('delta', { text })
            },
            stop.signal,
          )
        await finish('answered', answer, usage)
        send('done', usage)
      } catch (err) {
        a.log?.warn({ err, question: id }, 'the study assistant got no answer from the model endpoint')
        send('error', { msg: t(ctx.lang, 'assistant.modelFailed', { reason: reasonOf(ctx, err) }) })
        await finish('failed', answer, {}).catch((e: unknown) => a.log?.error({ err: e }, 'assistant audit'))
        // Nothing came back from the endpoint: the question is given back. A learner who closed the page stopped it
        // themselves (and the model may have worked meanwhile), so that one stays counted.
        if (a.spentOn && !answer && !stop.signal.aborted)
          await giveBackQuestion(ctx, a.spentOn).catch((e: unknown) => a.log?.error({ err: e }, 'assistant quota'))
      } finally {
        if (!stop.signal.aborted) controller.close()
      }
    },
    cancel() {
      stop.abort()
    },
  })
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    },
  })
}
