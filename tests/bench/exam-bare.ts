/**
 * The limit for the exam burst: Bun.serve + bun:sqlite doing the same work per
 * save and submit as the appliance and nothing else — verify the same JWT,
 * check the live session row, check the sitting is the caller's and open and
 * the question is on its paper, then touch the sitting only while it is open,
 * upsert the answer only over a lower version and read the stored version
 * back, in one committed transaction (same
 * WAL file settings: journal_mode=WAL, synchronous=NORMAL). Submit grades with
 * the appliance's own grading function and closes the sitting conditionally.
 *
 * Usage: bun tests/bench/exam-bare.ts <port> <dataDir>
 */
import { Database } from 'bun:sqlite'
import { jwtVerify } from 'jose'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { grade, isObjective, parseResponse } from '../../server/modules/exam/grading.ts'
import { newId } from '../../server/lib/ids.ts'
import { now } from '../../server/lib/time.ts'

const [port, dataDir] = process.argv.slice(2)
const db = new Database(join(dataDir, 'atrium.db'), { strict: true })
db.exec('PRAGMA journal_mode = WAL')
db.exec('PRAGMA synchronous = NORMAL')
db.exec('PRAGMA busy_timeout = 5000')
const { jwtSecret } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { jwtSecret: string }
const key = await crypto.subtle.importKey(
  'raw',
  new TextEncoder().encode(jwtSecret),
  { name: 'HMAC', hash: 'SHA-256' },
  false,
  ['verify'],
)

type Sitting = { id: string; tenantId: string; paperId: string; state: number; deadline: number }
const q = {
  session: db.query('SELECT 1 AS ok FROM blade_session WHERE id = ? AND revoked = 0'),
  sitting: db.query<Sitting, [string, string]>(
    'SELECT id, tenant_id AS tenantId, paper_id AS paperId, state, deadline FROM hm_paper_time_user WHERE id = ? AND user_id = ?',
  ),
  onPaper: db.query('SELECT 1 AS ok FROM hm_paper_question WHERE paper_id = ? AND question_id = ?'),
  upsert:
    db.query(`INSERT INTO hm_paper_answer (id, tenant_id, paper_time_user_id, question_id, answer, version, save_time) VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (paper_time_user_id, question_id) DO UPDATE SET answer = excluded.answer, version = excluded.version, save_time = excluded.save_time WHERE excluded.version > hm_paper_answer.version`),
  open: db.query('UPDATE hm_paper_time_user SET state = 1 WHERE id = ? AND state = 1 AND deadline >= ?'),
  stored: db.query<{ version: number }, [string, string]>(
    'SELECT version FROM hm_paper_answer WHERE paper_time_user_id = ? AND question_id = ?',
  ),
  paper: db.query<{ id: string; type: number; points: number }, [string]>(
    'SELECT q.id, q.type, pq.score AS points FROM hm_paper_question pq JOIN hm_question q ON q.id = pq.question_id WHERE pq.paper_id = ? ORDER BY pq.sort',
  ),
  options: db.query<{ id: string; isCorrect: number }, [string]>(
    'SELECT id, is_correct AS isCorrect FROM hm_question_option WHERE question_id = ? ORDER BY sort',
  ),
  blanks: db.query<{ blankNo: number; answer: string }, [string]>(
    'SELECT blank_no AS blankNo, answer FROM hm_question_blank WHERE question_id = ? ORDER BY blank_no, sort',
  ),
  answers: db.query<{ id: string; questionId: string; answer: string }, [string]>(
    'SELECT id, question_id AS questionId, answer FROM hm_paper_answer WHERE paper_time_user_id = ?',
  ),
  close: db.query(
    'UPDATE hm_paper_time_user SET state = ?, submit_kind = 1, submit_time = ?, objective_score = ?, score = ? WHERE id = ? AND state = 1',
  ),
  score: db.query('UPDATE hm_paper_answer SET score = ?, correct = ? WHERE id = ?'),
}

const json = (data: unknown, status = 200) =>
  new Response(
    JSON.stringify({ code: status, success: status === 200, msg: status === 200 ? '操作成功' : 'refused', data }),
    { status, headers: { 'content-type': 'application/json' } },
  )

async function callerId(req: Request): Promise<string | null> {
  const token = (req.headers.get('blade-auth') ?? '').replace(/^bearer\s+/i, '')
  try {
    const { payload: p } = await jwtVerify(token, key)
    return q.session.get(p.sid as string) ? (p.sub as string) : null
  } catch {
    return null
  }
}

const save = db.transaction((s: Sitting, questionId: string, answer: unknown, version: number) => {
  if (!q.open.run(s.id, Date.now() - 30_000).changes) return null
  q.upsert.run(newId(), s.tenantId, s.id, questionId, JSON.stringify(answer), version, now())
  const stored = q.stored.get(s.id, questionId)!.version
  return { questionId, version: stored, accepted: stored === version }
})

const submit = db.transaction((s: Sitting) => {
  const qs = q.paper.all(s.paperId)
  const answers = new Map(q.answers.all(s.id).map((a) => [a.questionId, a]))
  let objective = 0
  const graded = qs.map((x) => {
    const blanks: string[][] = []
    for (const b of q.blanks.all(x.id)) (blanks[b.blankNo] ??= []).push(b.answer)
    const g = grade(
      { type: x.type, points: x.points, options: q.options.all(x.id), blanks },
      parseResponse(answers.get(x.id)?.answer),
    )
    if (isObjective(x.type)) objective += g.score ?? 0
    return { a: answers.get(x.id), g }
  })
  const subjective = qs.some((x) => !isObjective(x.type))
  if (!q.close.run(subjective ? 2 : 3, now(), objective, subjective ? null : objective, s.id).changes) return false
  for (const x of graded) if (x.a) q.score.run(x.g.score, x.g.correct, x.a.id)
  return true
})

Bun.serve({
  port: Number(port),
  hostname: '127.0.0.1',
  async fetch(req) {
    const path = new URL(req.url).pathname
    if (path === '/api/health') return json({ status: 'UP' })
    const userId = await callerId(req)
    if (!userId) return json(null, 401)
    const b = (await req.json()) as { sittingId: string; questionId: string; answer: unknown; version: number }
    const s = q.sitting.get(b.sittingId, userId)
    if (!s) return json(null, 404)
    if (s.state !== 1 || Date.now() > s.deadline + 30_000) return json(null, 409)
    if (path === '/api/nep-wbp/paperQuestion/saveAnswer') {
      if (!Number.isInteger(b.version) || b.version < 1 || !q.onPaper.get(s.paperId, b.questionId))
        return json(null, 400)
      const saved = save(s, b.questionId, b.answer, b.version)
      return saved ? json({ ...saved, serverTime: Date.now() }) : json(null, 409)
    }
    if (path === '/api/nep-wbp/paperTimeUser/submitPaper')
      return submit(s) ? json({ sittingId: s.id, state: 2 }) : json(null, 409)
    return json(null, 404)
  },
})
