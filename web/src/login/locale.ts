import { registerLocale } from '../shared/i18n'

registerLocale('login', {
  zh: {
    title: '欢迎登录', subtitle: 'Atrium 学习与实验平台', tenant: '租户编号', account: '账号', password: '密码', captcha: '验证码',
    submit: '登录', register: '注册账号', accountRequired: '请输入账号', passwordRequired: '请输入密码', tenantRequired: '请输入租户编号',
    captchaRequired: '请输入验证码', refreshCaptcha: '看不清？换一张', slogan: '课程 · 实验 · 考试 · 物联网，一站式的校园学习平台',
    points: ['在线课程与实训营', '容器化动手实验', '题库、试卷与竞赛', '校园物联网设备接入'], backHome: '返回门户首页',
  },
  en: {
    title: 'Sign in', subtitle: 'Atrium learning and lab platform', tenant: 'Tenant number', account: 'Account', password: 'Password', captcha: 'Captcha',
    submit: 'Sign in', register: 'Register an account', accountRequired: 'please enter the account', passwordRequired: 'please enter the password', tenantRequired: 'please enter the tenant number',
    captchaRequired: 'please enter the captcha', refreshCaptcha: 'Hard to read? Get another', slogan: 'Courses · labs · exams · IoT: one learning platform for the whole campus',
    points: ['Online courses and training camps', 'Hands-on labs in containers', 'Question banks, papers and competitions', 'Campus IoT devices'], backHome: 'Back to the portal',
  },
})
