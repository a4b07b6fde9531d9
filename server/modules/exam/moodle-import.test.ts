import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { attach, question } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'
import { grade } from './grading.ts'
import { answerKey, withChildren } from './question-store.ts'

const Q = '/api/hm-question/question'
// A 1×1 PNG and the start of an MP3 (ID3 tag + one frame header): real bytes that file-type recognises.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const MP3 = Buffer.concat([
  Buffer.from('ID3'),
  Buffer.from([3, 0, 0, 0, 0, 0, 0]),
  Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  Buffer.alloc(400),
]).toString('base64')

const quiz = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${body}\n</quiz>`
const file = (name: string, b64: string) => `<file name="${name}" path="/" encoding="base64">${b64}</file>`

describe('Moodle XML import keeps what the teacher wrote or says why not', async () => {
  const t = await testApp()

  async function upload(token: string, xml: string, extra: Record<string, string> = {}, lang = 'en') {
    const form = new FormData()
    form.append('file', new File([xml], 'moodle.xml'))
    for (const [k, v] of Object.entries(extra)) form.append(k, v)
    const res = await t.app.handle(
      new Request(`http://localhost${Q}/import`, {
        method: 'POST',
        headers: { 'blade-auth': `bearer ${token}`, 'accept-language': lang },
        body: form,
      }),
    )
    return (await res.json()) as any
  }
  const stored = async (text: string) => {
    const rows = (
      await t.services.db
        .select()
        .from(question)
        .where(and(eq(question.tenantId, '000000'), eq(question.isDeleted, 0)))
    ).filter((q) => q.content.includes(text))
    expect(rows).toHaveLength(1)
    return (await withChildren(t.services.db, rows))[0]
  }

  it('stores embedded files (stem, answers, feedback) of multichoice and true/false as tenant files and rewrites @@PLUGINFILE@@ links', async () => {
    const teacher = await t.token('teacher')
    const xml = quiz(`
  <question type="category"><category><text>$course$/top/French</text></category></question>
  <question type="multichoice">
    <name><text>Listening: bonjour</text></name>
    <questiontext format="html"><text><![CDATA[<p>Listen <a href="@@PLUGINFILE@@/bonjour.mp3">bonjour.mp3</a> and pick the flag</p>]]></text>${file('bonjour.mp3', MP3)}</questiontext>
    <generalfeedback format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/fr%20flag.png">]]></text>${file('fr flag.png', PNG)}</generalfeedback>
    <single>true</single>
    <answer fraction="100" format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/fr.png" alt="France">]]></text>${file('fr.png', PNG)}</answer>
    <answer fraction="0" format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/de.png" alt="Germany">]]></text>${file('de.png', PNG)}</answer>
  </question>
  <question type="truefalse">
    <name><text>Flag tf</text></name>
    <questiontext format="html"><text><![CDATA[<p>This is the French flag <img src="@@PLUGINFILE@@/fr.png"></p>]]></text>${file('fr.png', PNG)}</questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>`)
    const r = await upload(teacher, xml)
    expect(r.data).toMatchObject({ imported: 2, errors: [] })
    const mc = await stored('Listen')
    expect(mc.content).not.toContain('PLUGINFILE')
    const audio = /href="(\/upload\/public\/[^"]+\.mp3)"/.exec(mc.content)![1]
    const flags = mc.options.map((o) => /src="(\/upload\/public\/[^"]+\.png)"/.exec(o.content)![1])
    expect(mc.analysis).toMatch(/src="\/upload\/public\/[^"]+\.png"/)
    const tf = await stored('French flag')
    expect(tf.content).toMatch(/src="\/upload\/public\/[^"]+\.png"/)
    // Each is a file of the importing tenant, served with its bytes.
    for (const link of [audio, ...flags]) {
      const row = (await first(t.services.db.select().from(attach).where(eq(attach.link, link))))!
      expect(row).toMatchObject({ tenantId: '000000', isDeleted: 0 })
      const res = await t.app.handle(new Request(`http://localhost${link}`))
      expect(res.status).toBe(200)
      expect((await res.arrayBuffer()).byteLength).toBe(row.attachSize)
    }
  })

  it('refuses a link to a file the question does not carry, and a file type that is not media', async () => {
    const teacher = await t.token('teacher')
    const xml = quiz(`
  <question type="truefalse">
    <name><text>no file</text></name>
    <questiontext format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/gone.png">]]></text></questiontext>
    <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>
  </question>
  <question type="truefalse">
    <name><text>script file</text></name>
    <questiontext format="html"><text><![CDATA[<a href="@@PLUGINFILE@@/x.html">x</a>]]></text>${file('x.html', Buffer.from('<script>alert(1)</script>').toString('base64'))}</questiontext>
    <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>
  </question>`)
    const r = await upload(teacher, xml, { dryRun: '1' })
    expect(r.data.errors).toEqual([
      { line: 4, question: 'no file', reason: 'the question links files the file does not carry: gone.png' },
      {
        line: 9,
        question: 'script file',
        reason: expect.stringContaining('the embedded file x.html is not an allowed type'),
      },
    ])
  })

  it('keeps partial credit and negative marks as option fractions, grades by them, and refuses a grade Moodle does not allow', async () => {
    const teacher = await t.token('teacher')
    const mc = (name: string, grades: string[]) => `
  <question type="multichoice">
    <name><text>${name}</text></name>
    <questiontext format="html"><text>${name} stem</text></questiontext>
    <defaultgrade>3</defaultgrade>
    <single>false</single>
    ${grades.map((g, i) => `<answer fraction="${g}"><text>choice ${i}</text></answer>`).join('')}
  </question>`
    const xml = quiz(
      mc('Thirds', ['33.33', '33.33333', '33.33', '-50']) +
        mc('Half single', []).replace('<single>false', '<single>true') +
        mc('Bad grade', ['33', '67', '0']),
    )
    const withSingle = xml.replace(
      '<single>true</single>\n    ',
      '<single>true</single><answer fraction="100"><text>right</text></answer><answer fraction="50"><text>almost</text></answer><answer fraction="0"><text>wrong</text></answer>',
    )
    const dry = await upload(teacher, withSingle, { dryRun: '1' })
    expect(dry.data.errors).toEqual([
      {
        line: expect.any(Number),
        question: 'Bad grade',
        reason: expect.stringContaining('the grade 33% of the answer “choice 0” is not one Moodle allows'),
      },
    ])
    const r = await upload(teacher, withSingle, { skipInvalid: '1' })
    expect(r.data).toMatchObject({ imported: 2, valid: 2 })

    const thirds = await stored('Thirds stem')
    expect(thirds.options.map((o) => [o.isCorrect, o.fraction])).toEqual([
      [1, 0.3333333],
      [1, 0.3333333],
      [1, 0.3333333],
      [0, -0.5],
    ])
    const key = answerKey(thirds, 3)
    const [a, b, c, wrong] = thirds.options.map((o) => o.id)
    expect(grade(key, [a, b, c])).toEqual({ score: 3, correct: 1 })
    expect(grade(key, [a])).toEqual({ score: 1, correct: 2 })
    expect(grade(key, [a, b, wrong])).toEqual({ score: 0.5, correct: 2 }) // (2/3 − 1/2) × 3
    expect(grade(key, [a, wrong])).toEqual({ score: 0, correct: 0 }) // floored at 0
    const half = await stored('Half single stem')
    expect(half.options.map((o) => o.fraction)).toEqual([1, 0.5, 0])
    expect(grade(answerKey(half, 3), [half.options[1].id])).toEqual({ score: 1.5, correct: 2 })
    expect(grade(answerKey(half, 3), [half.options[0].id])).toEqual({ score: 3, correct: 1 })

    // The export writes the fractions back as Moodle grades.
    const exported = await t.app.handle(
      new Request(`http://localhost${Q}/export?format=moodle&ids=${thirds.id}`, {
        headers: { 'blade-auth': `bearer ${teacher}` },
      }),
    )
    const text = await exported.text()
    expect(text.match(/fraction="[^"]+"/g)).toEqual([
      'fraction="33.33333"',
      'fraction="33.33333"',
      'fraction="33.33333"',
      'fraction="-50"',
    ])
  })

  it('imports cloze with SHORTANSWER, NUMERICAL and MULTICHOICE parts (noting what changed) and refuses a kind it cannot hold by name', async () => {
    const teacher = await t.token('teacher')
    const xml = quiz(`
  <question type="category"><category><text>$course$/top/Geo</text></category></question>
  <question type="cloze">
    <name><text>Capitals</text></name>
    <questiontext format="html"><text>Paris is in {1:MULTICHOICE:=France#yes~Spain~Italy}, {1:SA:=Madrid~%50%madrid} is Spain's, 6*7={2:NUMERICAL:=42:0.5}, {1:MCV:Berlin~=Rome} is Italy's</text></questiontext>
  </question>
  <question type="cloze">
    <name><text>Multi response</text></name>
    <questiontext format="html"><text>Pick {1:MULTIRESPONSE:~%50%A~%50%B~%-100%C}</text></questiontext>
  </question>
  <question type="cloze">
    <name><text>No parts</text></name>
    <questiontext format="html"><text>Nothing to fill</text></questiontext>
  </question>`)
    const zh = await upload(teacher, xml, { dryRun: '1' }, 'zh')
    expect(zh.data.errors.map((e: any) => [e.question, e.category, e.reason])).toEqual([
      ['Multi response', 'Geo', expect.stringContaining('MULTIRESPONSE')],
      ['No parts', 'Geo', '完形填空题中没有子题'],
    ])
    expect(zh.data.errors[0].reason).toContain('第 1 个子题')
    const en = await upload(teacher, xml, { skipInvalid: '1' })
    expect(en.data.errors[0].reason).toBe(
      'sub-question 1 of the cloze question is of kind MULTIRESPONSE, which cannot be imported (SHORTANSWER, NUMERICAL, MULTICHOICE and their variants can)',
    )
    expect(en.data.notes.map((n: any) => n.note)).toEqual([
      'choice sub-question 1 became a blank with its choices listed after it; typing the right choice’s text scores',
      'a blank accepts full-mark answers only; the partly right answers were left out: madrid',
      'the numeric tolerance of blank 3 was left out: only the exact answer is accepted',
      'choice sub-question 4 became a blank with its choices listed after it; typing the right choice’s text scores',
      'the sub-questions had different weights; each blank is now worth the same',
    ])
    expect(en.data.notes.every((n: any) => n.question === 'Capitals' && n.category === 'Geo')).toBe(true)
    expect(en.data.imported).toBe(1)
    const q = await stored('Paris is in')
    expect(q.blanks).toEqual([['France'], ['Madrid'], ['42'], ['Rome']])
    expect(q.content).toContain('Paris is in ____ (France / Spain / Italy), ____ is')
  })

  it('a file with bad questions stores nothing by default and only the good ones when the teacher chooses', async () => {
    const teacher = await t.token('teacher')
    const xml = quiz(`
  <question type="essay"><name><text>Good essay</text></name><questiontext format="html"><text>Explain skipping</text></questiontext></question>
  <question type="ddwtos"><name><text>Drag words</text></name><questiontext format="html"><text>drag</text></questiontext></question>`)
    const all = await upload(teacher, xml)
    expect(all.data).toMatchObject({ imported: 0, valid: 1 })
    expect(all.data.errors).toEqual([
      { line: 5, question: 'Drag words', reason: 'unsupported Moodle question type: ddwtos' },
    ])
    expect(
      (await t.services.db.select().from(question)).filter((q) => q.content.includes('Explain skipping')),
    ).toHaveLength(0)
    const some = await upload(teacher, xml, { skipInvalid: '1' })
    expect(some.data).toMatchObject({ imported: 1, skipInvalid: true })
    await stored('Explain skipping')
  })
})
