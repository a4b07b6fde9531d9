import { assistantQuestionFields } from '../../../db/fields/assistant.ts'
import { assistantQuestion } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { isId } from '../../lib/ids.ts'
import { t } from '../../lib/messages.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { looseBody } from '../../lib/resource-actions.ts'
import { defineResource } from '../../lib/resource.ts'
import type { Row } from '../../lib/resource-types.ts'
import { realNames } from '../course/teacher.ts'
import { courseOr404 } from '../portal/course.ts'
import { enabledEndpoint } from './config.ts'
import { askableCourses, mayAsk } from './courses.ts'
import './messages.ts'
import { askedToday, quotaOf, spendQuestion } from './quota.ts'
import { answerStream, type Source } from './answer-stream.ts'
import { retrieve } from './retrieve.ts'

const QUESTION_MAX = 500
const refused = () => false as const

/** The cited sections as the audit screen shows them: their titles, in citation order. */
function citedTitles(stored: unknown): string {
  try {
    const list = JSON.parse(String(stored ?? '[]')) as { title: string }[]
    return list.map((s) => s.title).join('、')
  } catch {
    return ''
  }
}

async function withNames(ctx: Ctx, rows: Row[]) {
  const names = await realNames(
    ctx,
    rows.map((r) => r.createUser as string),
  )
  return rows.map((r) => ({
    ...r,
    createUserName: names.get(r.createUser as string) ?? '',
    citedSections: citedTitles(r.citedSections),
  }))
}

/**
 * The study assistant (/home/ai) and the audit of its questions (blade-assistant/question). A learner reads `state`
 * (on or off, the course picker, today's quota) and `ask`s, which answers an event stream (sources, then the answer
 * as it arrives, then done or error); each question leaves an audit row the school's administrators read here.
 */
export const assistantQuestionResource = defineResource({
  table: assistantQuestion,
  path: '/api/blade-assistant/question',
  code: 'assistant:question',
  search: ['question', 'courseTitle'],
  filters: ['outcome', 'courseId'],
  dates: ['createTime'],
  fields: assistantQuestionFields,
  // Rows are written by `ask` only: the audit is not edited nor removed by hand.
  skip: ['submit', 'remove'],
  access: { add: refused, edit: refused, remove: refused },
  read: { rows: withNames },
  actions: {
    state: {
      method: 'GET',
      button: SIGNED_IN,
      run: async (ctx) => {
        const endpoint = await enabledEndpoint(ctx.db)
        if (!endpoint) return { enabled: false, quota: 0, asked: 0, courses: [] }
        return {
          enabled: true,
          quota: await quotaOf(ctx, endpoint.dailyQuota),
          asked: await askedToday(ctx),
          courses: await askableCourses(ctx),
        }
      },
    },
    ask: {
      button: SIGNED_IN,
      body: looseBody('courseId', 'question'),
      run: async (ctx, { body, services }) => {
        const endpoint = await enabledEndpoint(ctx.db)
        if (!endpoint) throw new ApiError(503, 'assistant.off')
        const text = typeof body.question === 'string' ? body.question.trim() : ''
        if (!text || text.length > QUESTION_MAX) throw badRequest('assistant.question', {}, 'question')
        if (!isId(body.courseId)) throw badRequest('assistant.courseId', {}, 'courseId')
        const c = await courseOr404(ctx, body.courseId)
        if (!(await mayAsk(ctx, c))) throw new ApiError(403, 'assistant.courseClosed')
        const hits = await retrieve(ctx, c.id, text)
        // A question nothing in the course matches is answered here, without the model: it costs no quota.
        const spentOn = hits.length ? await spendQuestion(ctx, await quotaOf(ctx, endpoint.dailyQuota)) : undefined
        const sources: Source[] = hits.map((h, i) => ({
          n: i + 1,
          sectionId: h.sectionId,
          title: h.sectionTitle,
          link: `/home/course/learn?id=${c.id}${h.wareId ? `&ware=${h.wareId}` : ''}`,
        }))
        const context = hits.map((h, i) => `[${i + 1}] ${h.sectionTitle}\n${h.text}`).join('\n\n')
        return answerStream(ctx, {
          endpoint,
          course: c,
          question: text,
          sources,
          messages: hits.length
            ? [
                { role: 'system', content: `${t(ctx.lang, 'assistant.system')}\n\n${context}` },
                { role: 'user', content: text },
              ]
            : undefined,
          spentOn,
          log: services?.log,
        })
      },
    },
  },
})
