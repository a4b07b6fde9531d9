import { registerLocale } from '../shared/i18n'

registerLocale('portal', {
  zh: {
    nav: { index: '首页', 'harmony-cloud': '云平台', course: '课程', 'practice-course': '实践课程', iot: '物联网硬件', competition: '竞赛', 'cloud-document': '云文档', information: '资讯', solution: '解决方案', 'about-us': '关于我们' },
    login: '登录', userCenter: '个人中心', console: '管理后台', logout: '退出登录', menu: '菜单', backToTop: '回到顶部',
    hero: { title: '在校园里，动手学习每一门技术', text: '课程、动手实验、题库考试与物联网设备，一个平台全部装在学校自己的服务器上。', start: '开始学习', console: '进入管理后台' },
    sections: [
      { key: 'course', title: '课程与实训营', text: '按专业和层次组织的课程，章节、课件、资料与随堂练习一应俱全。' },
      { key: 'practice-course', title: '动手实验', text: '每位同学一个独立的实验容器，浏览器里即可完成命令行与编程实验。' },
      { key: 'competition', title: '题库、试卷与竞赛', text: '练习、考试与竞赛共用题库，教师批改后统一发布成绩。' },
      { key: 'iot', title: '物联网硬件', text: '校园设备接入内置的 MQTT 服务，支持远程指令与固件升级。' },
    ],
    soon: '该栏目正在建设中，敬请期待。', soonTitle: '即将上线',
    footer: { contact: '联系我们', hotline: '服务热线', hours: '服务时间', address: '地址：示范路 1 号 Atrium 大厦', postcode: '邮编：100000', centres: '授权培训中心 · 国际认证考试中心', qr: '关注公众号', copyright: '© 2006-2022 Atrium. 保留所有权利。' },
  },
  en: {
    nav: { index: 'Home', 'harmony-cloud': 'Cloud platform', course: 'Courses', 'practice-course': 'Practice courses', iot: 'IoT hardware', competition: 'Competitions', 'cloud-document': 'Cloud documents', information: 'News', solution: 'Solutions', 'about-us': 'About us' },
    login: 'Sign in', userCenter: 'Personal centre', console: 'Back office', logout: 'Sign out', menu: 'Menu', backToTop: 'Back to top',
    hero: { title: 'Learn every technology hands-on, on campus', text: 'Courses, hands-on labs, question banks and exams, and IoT devices: one platform on the school\'s own server.', start: 'Start learning', console: 'Open the back office' },
    sections: [
      { key: 'course', title: 'Courses and training camps', text: 'Courses by major and level, with chapters, courseware, downloads and practice questions.' },
      { key: 'practice-course', title: 'Hands-on labs', text: 'Every student gets a lab container of their own: terminal and programming labs in the browser.' },
      { key: 'competition', title: 'Questions, papers and competitions', text: 'Practice, exams and competitions share one question bank; teachers correct and publish results.' },
      { key: 'iot', title: 'IoT hardware', text: 'Campus devices connect to the built-in MQTT broker, with remote commands and firmware updates.' },
    ],
    soon: 'This section is being built. Coming soon.', soonTitle: 'Coming soon',
    footer: { contact: 'Contact us', hotline: 'Hotline', hours: 'Service hours', address: 'Address: 1 Demo Road, Atrium Building', postcode: 'Postal code: 100000', centres: 'Authorised training centre · International exam centre', qr: 'Follow our public account', copyright: '© 2006-2022 Atrium. All rights reserved.' },
  },
})
