import {
  course,
  courseSection,
  courseWare,
  question,
  sectionQuestion,
  sectionWare,
  wareStep,
} from '../../db/schema/index.ts'
import type { Db } from '../../server/lib/db.ts'
import { newId } from '../../server/lib/ids.ts'

/**
 * A course for the study assistant's tests, written straight into the tables (so the triggers that keep the
 * retrieval passages are what is tested): ten sections on distinct subjects, five in Chinese and five in English;
 * the "Recursion" section holds its text in a linked courseware, and the hashing section has a linked question
 * whose analysis alone speaks of the load factor; the Linux lab section's text is only in its experiment courseware's
 * steps (the step editor's pages).
 */
export const SECTIONS = {
  stack: [
    '栈与队列',
    '<p>栈是一种后进先出的线性表，只允许在栈顶插入和删除元素。队列是先进先出的线性表，在队尾入队、在队头出队。</p>',
  ],
  tree: [
    '二叉树的遍历',
    '<p>二叉树的遍历有前序遍历、中序遍历和后序遍历三种深度优先方式，以及按层次进行的层序遍历。中序遍历二叉搜索树得到有序序列。</p>',
  ],
  hash: [
    '哈希表',
    '<p>哈希表通过哈希函数把关键字映射到数组下标，查找的平均时间复杂度为常数。发生哈希冲突时可以使用链地址法或开放定址法解决。</p>',
  ],
  quick: [
    '快速排序',
    '<p>快速排序选择一个基准元素，把小于基准的元素放在左边，大于基准的放在右边，再递归地排序两部分。平均时间复杂度为 O(n log n)，最坏情况为 O(n²)。</p>',
  ],
  tcp: [
    'TCP 三次握手',
    '<p>建立 TCP 连接时，客户端发送 SYN，服务器回复 SYN+ACK，客户端再发送 ACK，这就是三次握手。断开连接需要四次挥手。</p>',
  ],
  binary: [
    'Binary search',
    '<p>Binary search finds a value in a sorted array by repeatedly halving the interval: compare the middle element with the target and keep the half that can contain it. It runs in logarithmic time.</p>',
  ],
  graph: [
    'Graph traversal',
    '<p>Breadth-first search (BFS) explores a graph level by level using a queue; depth-first search (DFS) follows one path as deep as possible using a stack or recursion. BFS finds shortest paths in unweighted graphs.</p>',
  ],
  dp: [
    'Dynamic programming',
    '<p>Dynamic programming breaks a problem into overlapping subproblems and stores their results (memoization or a table) so that each subproblem is solved once, as for the Fibonacci numbers or the knapsack problem.</p>',
  ],
  http: [
    'HTTP caching',
    '<p>Browsers keep HTTP responses according to the Cache-Control header: max-age says how long a response stays fresh, and an ETag sent back in If-None-Match lets the server answer 304 Not Modified.</p>',
  ],
  recursion: ['递归 Recursion', ''],
  shell: ['Linux 命令行实验', ''],
} as const

export type SectionKey = keyof typeof SECTIONS

export interface SeededCourse {
  courseId: string
  sections: Record<SectionKey, string>
  wareId: string
  /** The Linux section's experiment courseware, whose steps hold its text. */
  labWareId: string
}

export async function seedAssistantCourse(
  db: Db,
  o: { tenantId?: string; title?: string; isAuth?: number } = {},
): Promise<SeededCourse> {
  const tenantId = o.tenantId ?? '000000'
  const courseId = newId()
  await db
    .insert(course)
    .values({ id: courseId, tenantId, title: o.title ?? '数据结构与网络基础', isAuth: o.isAuth ?? 0 })
  const sections = {} as Record<SectionKey, string>
  let sort = 0
  for (const [key, [title, content]] of Object.entries(SECTIONS) as [SectionKey, readonly [string, string]][]) {
    const id = newId()
    sections[key] = id
    await db.insert(courseSection).values({ id, tenantId, courseId, title, content, sort: sort++ })
  }
  const wareId = newId()
  await db.insert(courseWare).values({
    id: wareId,
    tenantId,
    title: 'Recursion notes',
    screen: 1,
    type: 3,
    content:
      '# Recursion\n\nA recursive function calls itself on a smaller input. It must have a base case that stops it; without one it overflows the call stack.',
  })
  await db.insert(sectionWare).values({ id: newId(), tenantId, sectionId: sections.recursion, wareId })
  const questionId = newId()
  await db.insert(question).values({
    id: questionId,
    tenantId,
    type: 5,
    content: '<p>哈希表使用一段时间后查找变慢，可能是什么原因？</p>',
    analysis: '<p>装载因子越大，冲突越多，查找效率下降，需要扩容并重新哈希。</p>',
  })
  await db.insert(sectionQuestion).values({ id: newId(), tenantId, sectionId: sections.hash, questionId })
  const labWareId = newId()
  await db.insert(courseWare).values({ id: labWareId, tenantId, title: 'Shell lab', screen: 2, type: 4 })
  await db.insert(sectionWare).values({ id: newId(), tenantId, sectionId: sections.shell, wareId: labWareId })
  const steps = [
    ['列出文件', '<p>运行 <code>ls -la</code> 列出目录中的全部文件，包括以点开头的隐藏文件。</p>'],
    [
      'Change permissions',
      '<p>Use <code>chmod u+x script.sh</code> to give the owner permission to execute a file.</p>',
    ],
    ['查看进程', '<p>用 <code>ps aux</code> 查看正在运行的进程，用 <code>kill</code> 结束进程。</p>'],
  ]
  for (const [sort, [title, content]] of steps.entries())
    await db.insert(wareStep).values({ id: newId(), tenantId, wareId: labWareId, title: title!, content, sort })
  return { courseId, sections, wareId, labWareId }
}
