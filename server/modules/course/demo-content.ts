import { and, eq } from 'drizzle-orm'
import {
  banner,
  blog,
  blogDetail,
  cloudDocument,
  cloudFolder,
  course,
  courseCard,
  courseEvaluate,
  courseSection,
  courseSeries,
  courseStatistics,
  courseUser,
  courseWare,
  download,
  downloadMessage,
  sectionDownload,
  sectionQuestion,
  sectionWare,
  series,
  user,
  wareStep,
} from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { first } from '../../lib/rows.ts'
import { now } from '../../lib/time.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { demoLink } from '../resource/demo-files.ts'
import { newCardNumber } from './card.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'

const DEMO = 'demo data is written once for a new tenant, by the system'

/**
 * First start: a small catalogue so the portal and the back office show
 * something real — courses and a camp with sections and courseware (the demo
 * video is already H.264 with faststart, so it plays without a transcode),
 * a series, banners, news, a download, cloud documents, a card batch, and the
 * demo student enrolled with some progress and a rating.
 */
export async function seedDemoContent(db: Db, tenantId = '000000') {
  await withTransaction(db, async (tx) => {
    const seeded = await first(
      tx
        .select({ id: course.id })
        .from(course)
        .where(tenantRows(course, tenantId, { why: DEMO, withDeleted: true })),
    )
    if (seeded) return
    const who = async (account: string) =>
      (
        await first(
          tx
            .select({ id: user.id })
            .from(user)
            .where(and(tenantRows(user, tenantId, { why: DEMO }), eq(user.account, account))),
        )
      )?.id ?? '0'
    const teacher = await who('teacher'),
      student = await who('student')
    const stamp = now()
    const base = () => ({
      id: newId(),
      tenantId,
      status: 1,
      isDeleted: 0,
      createUser: teacher,
      createTime: stamp,
      updateUser: teacher,
      updateTime: stamp,
    })
    const courses = [
      {
        title: 'Python 程序设计基础',
        specialId: 2,
        cateId: 1,
        levelId: 2,
        cover: demoLink('cover-1.jpg'),
        intro: '从变量、分支、循环到函数与文件，用一个学期掌握 Python。',
        isHot: 1,
        hotSort: 1,
        isPractice: 0,
        isAuth: 0,
      },
      {
        title: '物联网传感器实践',
        specialId: 3,
        cateId: 2,
        levelId: 2,
        cover: demoLink('cover-2.jpg'),
        intro: '用 ESP32 采集温湿度，经 MQTT 上报到校园平台。',
        isHot: 1,
        hotSort: 2,
        isPractice: 1,
        isAuth: 1,
      },
      {
        title: 'Linux 命令行入门',
        specialId: 5,
        cateId: 2,
        levelId: 1,
        cover: demoLink('cover-3.jpg'),
        intro: '在浏览器里的实验容器中练习文件、权限与进程管理。',
        isHot: 1,
        hotSort: 3,
        isPractice: 1,
        isAuth: 0,
      },
      {
        title: '人工智能导论',
        specialId: 4,
        cateId: 1,
        levelId: 3,
        cover: demoLink('cover-4.jpg'),
        intro: '机器学习的基本概念、典型算法与伦理讨论。',
        isHot: 0,
        hotSort: 0,
        isPractice: 0,
        isAuth: 0,
      },
    ].map((c, i) => ({
      ...base(),
      type: 1,
      sort: i,
      content: `<p>${c.intro}</p><h2>课程目标</h2><ul><li>理解核心概念</li><li>完成全部实验</li></ul>`,
      ...c,
    }))
    const camp = {
      ...base(),
      type: 2,
      title: '暑期网络工程实训营',
      specialId: 5,
      cateId: 3,
      levelId: 2,
      cover: demoLink('cover-5.jpg'),
      intro: '两周集中实训：组网、路由与故障排查。',
      sort: 0,
      isHot: 0,
      hotSort: 0,
      isPractice: 0,
      isAuth: 1,
      content: '<p>面向二年级学生的集中实训。</p>',
    }
    await tx.insert(course).values([...courses, camp])

    const video = {
      ...base(),
      title: '课程导学视频',
      screen: 1,
      type: 2,
      fileAddress: demoLink('demo-video.mp4'),
      saveType: 0,
      isTranscoding: 0,
      transcodingStatus: 1,
      playAddress: demoLink('demo-video.mp4'),
      playTime: 6,
    }
    const guide = {
      ...base(),
      title: '课程讲义（PDF）',
      screen: 1,
      type: 1,
      fileAddress: demoLink('demo-guide.pdf'),
      saveType: 0,
    }
    const notes = {
      ...base(),
      title: '学习笔记',
      screen: 1,
      type: 3,
      saveType: 0,
      content:
        '# 第一课\n\n- 安装 Python 3\n- 运行 `print("hello")`\n\n```python\nfor i in range(3):\n    print(i)\n```',
    }
    const lab = { ...base(), title: '实验：点亮 LED', screen: 2, type: 4, saveType: 0 }
    await tx.insert(courseWare).values([video, guide, notes, lab])
    await tx.insert(wareStep).values([
      {
        ...base(),
        wareId: lab.id,
        title: '连接电路',
        sort: 1,
        content: '<p>将 LED 正极经 220Ω 电阻接到 GPIO2，负极接 GND。</p>',
      },
      {
        ...base(),
        wareId: lab.id,
        title: '烧录程序',
        sort: 2,
        content: '<p>在实验容器中编译示例程序并烧录到开发板。</p>',
      },
      { ...base(), wareId: lab.id, title: '观察结果', sort: 3, content: '<p>LED 每秒闪烁一次即为成功。</p>' },
    ])

    const dl = {
      ...base(),
      title: '课程安装指南',
      fileAddress: demoLink('demo-guide.pdf'),
      intro: '开发环境安装步骤（PDF）。',
      fileSize: 0.01,
      count: 0,
      tag: 1,
      cover: demoLink('cover-6.jpg'),
    }
    await tx.insert(download).values(dl)
    for (const [ci, c] of [...courses, camp].entries()) {
      const s1 = { ...base(), courseId: c.id, title: '第一章 课程导学', sort: 1 },
        s2 = { ...base(), courseId: c.id, title: '第二章 动手实践', sort: 2 }
      await tx.insert(courseSection).values([s1, s2])
      await tx.insert(sectionWare).values([
        { ...base(), sectionId: s1.id, wareId: video.id, sort: 1 },
        { ...base(), sectionId: s1.id, wareId: guide.id, sort: 2 },
        { ...base(), sectionId: s2.id, wareId: notes.id, sort: 1 },
        { ...base(), sectionId: s2.id, wareId: lab.id, sort: 2 },
      ])
      if (ci === 0) {
        await tx.insert(sectionDownload).values({ ...base(), sectionId: s1.id, downloadId: dl.id, sort: 1 })
        await tx.insert(sectionQuestion).values({ ...base(), sectionId: s2.id, questionId: '0', sort: 1 })
        await tx.insert(courseStatistics).values({
          ...base(),
          createUser: student,
          updateUser: student,
          courseId: c.id,
          sectionId: s1.id,
          wareId: video.id,
          userId: student,
          position: 3,
          progress: 50,
        })
      }
    }
    await tx.insert(courseUser).values([
      { ...base(), courseId: courses[0].id, userId: student, source: 1, status: 1 },
      { ...base(), courseId: courses[1].id, userId: student, source: 1, status: 0 },
    ])
    await tx.insert(courseEvaluate).values({
      ...base(),
      createUser: student,
      courseId: courses[0].id,
      userId: student,
      targetEvaluate: 5,
      contentEvaluate: 5,
      methodEvaluate: 4,
      effectEvaluate: 4,
      evaluate: '讲解清晰，实验有趣。',
    })
    await tx.insert(courseCard).values(
      Array.from({ length: 3 }, () => ({
        ...base(),
        status: 0,
        cardNumber: newCardNumber(),
        type: 1,
        courseId: courses[3].id,
        batchNo: 'DEMO',
      })),
    )

    const sr = {
      ...base(),
      title: '物联网工程师成长路线',
      cover: demoLink('cover-2.jpg'),
      intro: '<p>从编程基础到传感器实践，三门课循序渐进。</p>',
      sort: 1,
    }
    await tx.insert(series).values(sr)
    await tx
      .insert(courseSeries)
      .values([0, 2, 1].map((i, n) => ({ ...base(), seriesId: sr.id, courseId: courses[i].id, sort: n + 1 })))

    await tx.insert(banner).values([
      {
        ...base(),
        cover: demoLink('banner-1.jpg'),
        title: '在校园里动手学技术',
        subtitle: '课程 · 实验 · 竞赛',
        position: 1,
        href: '/home/course',
        target: 1,
        sort: 1,
      },
      {
        ...base(),
        cover: demoLink('banner-2.jpg'),
        title: '暑期实训营报名中',
        subtitle: '两周集中实训',
        position: 1,
        href: '/home/training-camp',
        target: 1,
        sort: 2,
      },
      {
        ...base(),
        cover: demoLink('banner-3.jpg'),
        title: '精品课程',
        subtitle: '按专业与层次浏览',
        position: 2,
        href: '/home/course',
        target: 1,
        sort: 1,
      },
    ])

    const news = [
      {
        title: '新学期课程上线通知',
        category: 2,
        summary: '本学期共上线 4 门课程与 1 个实训营。',
        body: '<p>本学期共上线 <strong>4 门课程</strong>与 1 个实训营，欢迎同学们报名学习。</p>',
      },
      {
        title: '校园物联网实验室开放',
        category: 1,
        summary: '实验室每周一至周五开放。',
        body: '<p>实验室每周一至周五 9:00-18:00 开放，可预约使用开发板。</p>',
      },
      {
        title: '如何在浏览器中完成 Linux 实验',
        category: 3,
        summary: '一步步带你打开实验容器。',
        body: '<h2>打开实验</h2><p>在课程页点击“开始实验”，稍候即可进入终端。</p>',
      },
    ].map((n, i) => ({
      row: {
        ...base(),
        title: n.title,
        category: n.category,
        summary: n.summary,
        releaseTime: `2024-0${i + 3}-01 09:00:00`,
        status: 1,
      },
      body: n.body,
    }))
    await tx.insert(blog).values(news.map((n) => n.row))
    await tx.insert(blogDetail).values(news.map((n) => ({ ...base(), blogId: n.row.id, content: n.body })))

    const root = { ...base(), parentId: '0', name: '教学资料', sort: 1 },
      labs = { ...base(), parentId: '', name: '实验手册', sort: 1 }
    labs.parentId = root.id
    await tx.insert(cloudFolder).values([root, labs])
    await tx.insert(cloudDocument).values([
      {
        ...base(),
        folderId: root.id,
        title: '平台使用说明',
        fileAddress: demoLink('demo-notes.md'),
        fileType: 'md',
        fileSize: 495,
        sort: 1,
      },
      {
        ...base(),
        folderId: labs.id,
        title: '实验环境安装指南',
        fileAddress: demoLink('demo-guide.pdf'),
        fileType: 'pdf',
        fileSize: 748,
        sort: 1,
      },
    ])
    await tx.insert(downloadMessage).values({
      ...base(),
      name: '王老师',
      phone: '13800138000',
      email: 'wang@example.com',
      unit: '示范中学',
      downloadFileId: dl.id,
    })
  })
}
