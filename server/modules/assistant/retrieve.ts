import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import {
  assistantPassage,
  courseSection,
  courseWare,
  question,
  sectionQuestion,
  sectionWare,
  wareStep,
} from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { dbEngine } from '../../lib/db.ts'
import { contains } from '../../lib/like.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'

/**
 * Retrieval for the study assistant: which sections of one course answer a question. The passages (sections,
 * their courseware and its steps, their questions with analyses) come from ai_assistant_passage, which triggers keep current
 * (db/migrations*: assistant_search). The engine's index finds the candidates — SQLite's FTS5 trigram index, or
 * PostgreSQL's pg_trgm GIN indexes under ILIKE — and one ranker here orders them the same way on both: BM25 over the
 * question's words (English) and character bigrams (Chinese, which has no spaces), a title counting three times.
 */

/** A section that answers, with the text the model is given and the courseware its link opens. */
export interface Hit {
  sectionId: string
  sectionTitle: string
  score: number
  /** The courseware the citation opens on the learn page: the cited one, else the section's first. */
  wareId?: string
  text: string
}

interface Passage {
  kind: string
  sourceId: string
  title: string
  body: string
}

/** Words that carry no subject (English ≥ 3 letters; Chinese bigrams of question phrasing). */
const STOP = new Set(
  (
    'the and what which does how are for with this that why when who can you your from into about was were will ' +
    'there their than then them they has have had not but its use used using explain mean means tell give ' +
    '什么 么是 是什 怎么 怎样 么样 如何 为什 哪些 哪个 一个 这个 那个 我们 可以 有什 的是 请问 是否 什么样 一下 介绍'
  ).split(' '),
)

const HAN = /\p{Script=Han}/u

/** The question's ranking terms: English words of three letters or more, Chinese character bigrams (a lone character when a run has one). */
export function termsOf(text: string): string[] {
  const out = new Set<string>()
  for (const [run] of text.toLowerCase().matchAll(/[a-z0-9]+|\p{Script=Han}+/gu)) {
    if (!HAN.test(run)) {
      if (run.length >= 3 && !STOP.has(run)) out.add(run)
      continue
    }
    if (run.length === 1) out.add(run)
    for (let i = 0; i + 2 <= run.length; i++) {
      const bigram = run.slice(i, i + 2)
      if (!STOP.has(bigram)) out.add(bigram)
    }
  }
  return [...out]
}

/** Terms the index can look up: FTS5's trigram tokenizer matches substrings of three characters or more. */
function lookupTerms(text: string): string[] {
  const out = new Set<string>()
  for (const [run] of text.toLowerCase().matchAll(/[a-z0-9]+|\p{Script=Han}+/gu)) {
    if (!HAN.test(run)) {
      if (run.length >= 3 && !STOP.has(run)) out.add(run)
      continue
    }
    for (let i = 0; i + 3 <= run.length; i++) out.add(run.slice(i, i + 3))
  }
  return [...out]
}

/** Plain text of stored rich text or Markdown: tags dropped, the common entities read, spaces collapsed. */
export function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

const occurrences = (text: string, term: string) => {
  let n = 0
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + term.length)) n++
  return n
}

/**
 * The candidates' match. Terms of three characters or more (English words, Chinese trigrams) go to the index: the
 * FTS5 trigram index on SQLite, ILIKE served by pg_trgm on PostgreSQL. Most Chinese words are two characters, which
 * neither index can look up, so the question's bigrams are also matched by substring — within the one course's
 * passages that `retrieve` bounds the query to, a small set.
 */
function matching(ctx: Ctx, question: string): SQL | undefined {
  const p = assistantPassage
  const long = lookupTerms(question)
  const short = termsOf(question).filter((t) => t.length < 3)
  const parts = short.flatMap((t) => [contains(p.title, t), contains(p.body, t)])
  if (long.length && dbEngine(ctx.db) === 'postgres')
    parts.push(...long.flatMap((t) => [contains(p.title, t), contains(p.body, t)]))
  else if (long.length) {
    const query = long.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ')
    parts.push(
      sql`${p.passageId} IN (SELECT rowid FROM ai_assistant_passage_fts WHERE ai_assistant_passage_fts MATCH ${query})`,
    )
  }
  return parts.length ? or(...parts) : undefined
}

/** What one course offers: its live sections, the courseware (and its steps) and questions linked to them (in their order). */
async function courseSources(ctx: Ctx, courseId: string) {
  // The course was found within the caller's school (courseOr404); its sections and links are bounded through it.
  const sections = await ctx.db
    .select({ id: courseSection.id, title: courseSection.title })
    .from(courseSection)
    .where(and(eq(courseSection.courseId, courseId), notDeleted(courseSection)))
  const sids = sections.map((s) => s.id)
  const wares = sids.length
    ? await ctx.db
        .select({ sectionId: sectionWare.sectionId, id: sectionWare.wareId })
        .from(sectionWare)
        .innerJoin(courseWare, eq(courseWare.id, sectionWare.wareId))
        .where(and(inArray(sectionWare.sectionId, sids), notDeleted(sectionWare), notDeleted(courseWare)))
        .orderBy(asc(sectionWare.sort), asc(sectionWare.id))
    : []
  const wareIds = [...new Set(wares.map((w) => w.id))]
  const steps = wareIds.length
    ? await ctx.db
        .select({ id: wareStep.id, wareId: wareStep.wareId })
        .from(wareStep)
        .where(and(inArray(wareStep.wareId, wareIds), notDeleted(wareStep)))
    : []
  const questions = sids.length
    ? await ctx.db
        .select({ sectionId: sectionQuestion.sectionId, id: sectionQuestion.questionId })
        .from(sectionQuestion)
        .innerJoin(question, eq(question.id, sectionQuestion.questionId))
        .where(and(inArray(sectionQuestion.sectionId, sids), notDeleted(sectionQuestion), notDeleted(question)))
    : []
  return { sections, wares, steps, questions }
}

const K1 = 1.2
const B = 0.75
const TITLE_WEIGHT = 3

/** The sections of `courseId` that answer `text`, best first (at most `limit`); none when nothing matches. */
export async function retrieve(ctx: Ctx, courseId: string, text: string, limit = 3): Promise<Hit[]> {
  const { sections, wares, steps, questions } = await courseSources(ctx, courseId)
  if (!sections.length) return []
  const match = matching(ctx, text)
  if (!match) return []
  const p = assistantPassage
  const scope = or(
    and(
      eq(p.kind, 'section'),
      inArray(
        p.sourceId,
        sections.map((s) => s.id),
      ),
    ),
    wares.length ? and(eq(p.kind, 'ware'), inArray(p.sourceId, [...new Set(wares.map((w) => w.id))])) : undefined,
    steps.length
      ? and(
          eq(p.kind, 'step'),
          inArray(
            p.sourceId,
            steps.map((s) => s.id),
          ),
        )
      : undefined,
    questions.length
      ? and(eq(p.kind, 'question'), inArray(p.sourceId, [...new Set(questions.map((q) => q.id))]))
      : undefined,
  )
  const candidates: Passage[] = await ctx.db
    .select({ kind: p.kind, sourceId: p.sourceId, title: p.title, body: p.body })
    .from(p)
    .where(and(scope, match))
  if (!candidates.length) return []

  const terms = termsOf(text)
  const docs = candidates.map((c) => {
    const title = plain(c.title).toLowerCase()
    const body = plain(c.body).toLowerCase()
    return { c, title, body, plainText: plain(`${c.title}\n${c.body}`), length: title.length + body.length }
  })
  const total =
    sections.length + new Set(wares.map((w) => w.id)).size + steps.length + new Set(questions.map((q) => q.id)).size
  const avg = docs.reduce((n, d) => n + d.length, 0) / docs.length || 1
  const tf = docs.map((d) => terms.map((t) => TITLE_WEIGHT * occurrences(d.title, t) + occurrences(d.body, t)))
  const df = terms.map((_, i) => tf.filter((row) => row[i] > 0).length)
  const idf = df.map((n) => Math.log(1 + (total - n + 0.5) / (n + 0.5)))
  const scored = docs.map((d, j) => ({
    ...d,
    score: terms.reduce((s, _, i) => {
      const f = tf[j][i]
      return f ? s + (idf[i] * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / avg)) : s
    }, 0),
  }))

  // A passage answers for every section it belongs to (a step through its courseware); a section scores as its best
  // passage, and cites the courseware that passage is or is a step of.
  const stepWare = new Map(steps.map((s) => [s.id, s.wareId]))
  const wareOf = (d: Passage) =>
    d.kind === 'ware' ? d.sourceId : d.kind === 'step' ? stepWare.get(d.sourceId) : undefined
  const sectionsOf = (d: Passage): string[] =>
    d.kind === 'section'
      ? [d.sourceId]
      : d.kind === 'question'
        ? questions.filter((l) => l.id === d.sourceId).map((l) => l.sectionId)
        : wares.filter((l) => l.id === wareOf(d)).map((l) => l.sectionId)
  const best = new Map<string, (typeof scored)[number]>()
  for (const d of scored) for (const sid of sectionsOf(d.c)) if (d.score > (best.get(sid)?.score ?? 0)) best.set(sid, d)
  const titles = new Map(sections.map((s) => [s.id, s.title]))
  return [...best]
    .sort((a, b) => b[1].score - a[1].score)
    .slice(0, limit)
    .map(([sectionId, d]) => ({
      sectionId,
      sectionTitle: titles.get(sectionId) ?? '',
      score: d.score,
      wareId: wareOf(d.c) ?? wares.find((w) => w.sectionId === sectionId)?.id,
      text: excerpt(d.plainText, terms),
    }))
}

const EXCERPT = 1500

/** Up to EXCERPT characters of a passage, from a little before the first term it holds. */
function excerpt(text: string, terms: string[]): string {
  if (text.length <= EXCERPT) return text
  const lower = text.toLowerCase()
  const at = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0), text.length)
  const start = Math.max(0, Math.min(at - 200, text.length - EXCERPT))
  return text.slice(start, start + EXCERPT)
}
