import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { courseSection, wareStep } from '../../../db/schema/index.ts'
import { seedAssistantCourse, type SectionKey, type SeededCourse } from '../../../tests/support/assistant-course.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { newId } from '../../lib/ids.ts'
import { retrieve, termsOf } from './retrieve.ts'

/**
 * Retrieval for the study assistant on a seeded course (tests/support/assistant-course.ts): for twelve hand-written
 * questions, six in Chinese and six in English, the section that answers ranks first — by its own text, by its
 * courseware's or its courseware's steps', or by a linked question's analysis. Results stay inside the course asked about, and the passages
 * follow writes (the triggers): an edited section is found by its new text, a removed one no longer.
 */
const QUESTIONS: [string, SectionKey][] = [
  ['栈和队列有什么区别？', 'stack'],
  ['二叉树的中序遍历是什么顺序？', 'tree'],
  ['快速排序最坏情况的时间复杂度是多少？', 'quick'],
  ['TCP 三次握手的过程是怎样的？', 'tcp'],
  ['装载因子太大会有什么影响？', 'hash'],
  ['How does binary search work on a sorted array?', 'binary'],
  ['What is the difference between BFS and DFS?', 'graph'],
  ['What is memoization in dynamic programming?', 'dp'],
  ['What does the ETag header do for caching?', 'http'],
  ['Why does a recursive function need a base case?', 'recursion'],
  // Answered only by the steps of the Linux section's experiment courseware.
  ['怎么查看隐藏文件？', 'shell'],
  ['How do I give a script execute permission?', 'shell'],
]

describe('study assistant retrieval', async () => {
  const t = await testApp()
  let seeded: SeededCourse, other: SeededCourse
  const ctx = () => t.system()

  beforeAll(async () => {
    seeded = await seedAssistantCourse(t.services.db)
    // The same content in another course of the school and in another school: never an answer for this course.
    other = await seedAssistantCourse(t.services.db, { title: '另一门课' })
    await seedAssistantCourse(t.services.db, { tenantId: '100001' })
  })

  it.each(QUESTIONS)('%s → the right section first', async (question, key) => {
    const hits = await retrieve(ctx(), seeded.courseId, question)
    expect(hits.length).toBeGreaterThan(0)
    expect(hits[0]!.sectionId, JSON.stringify(hits.map((h) => h.sectionTitle))).toBe(seeded.sections[key])
    for (const h of hits) expect(Object.values(seeded.sections)).toContain(h.sectionId)
  })

  it('cites the courseware the answer came from, and gives the model its text', async () => {
    const [hit] = await retrieve(ctx(), seeded.courseId, 'Why does a recursive function need a base case?')
    expect(hit!.wareId).toBe(seeded.wareId)
    expect(hit!.text).toContain('base case')
  })

  it('cites the experiment courseware whose step answered, and follows edits to its steps', async () => {
    const [hit] = await retrieve(ctx(), seeded.courseId, 'How do I give a script execute permission?')
    expect(hit).toMatchObject({ sectionId: seeded.sections.shell, wareId: seeded.labWareId })
    expect(hit!.text).toContain('chmod u+x')
    const db = t.services.db
    const [step] = await db.select().from(wareStep).where(eq(wareStep.title, 'Change permissions'))
    await db
      .update(wareStep)
      .set({ content: '<p>Use umask to set default permissions.</p>' })
      .where(eq(wareStep.id, step!.id))
    const [edited] = await retrieve(ctx(), seeded.courseId, 'What does umask set?')
    expect(edited!.sectionId).toBe(seeded.sections.shell)
    await db.update(wareStep).set({ isDeleted: 1 }).where(eq(wareStep.id, step!.id))
    expect(await retrieve(ctx(), seeded.courseId, 'What does umask set?')).toEqual([])
  })

  it('stays inside the course asked about', async () => {
    const hits = await retrieve(ctx(), other.courseId, '栈和队列有什么区别？')
    expect(hits[0]!.sectionId).toBe(other.sections.stack)
    expect(await retrieve(ctx(), newId(), '栈和队列有什么区别？')).toEqual([])
  })

  it('finds nothing for a question the course does not cover', async () => {
    expect(await retrieve(ctx(), seeded.courseId, '光合作用的原理是什么？')).toEqual([])
  })

  it('follows writes: an edited section by its new text, a removed one no longer', async () => {
    const db = t.services.db
    await db
      .update(courseSection)
      .set({ content: '<p>Photosynthesis turns light, water and carbon dioxide into glucose.</p>' })
      .where(eq(courseSection.id, seeded.sections.binary))
    const [hit] = await retrieve(ctx(), seeded.courseId, 'What does photosynthesis need?')
    expect(hit!.sectionId).toBe(seeded.sections.binary)
    await db.update(courseSection).set({ isDeleted: 1 }).where(eq(courseSection.id, seeded.sections.binary))
    expect(await retrieve(ctx(), seeded.courseId, 'What does photosynthesis need?')).toEqual([])
  })

  it('splits questions into English words and Chinese bigrams, leaving question phrasing out', () => {
    expect(termsOf('What is a B-tree?')).toEqual(['tree'])
    expect(termsOf('什么是哈希表')).toEqual(['是哈', '哈希', '希表'])
  })
})
