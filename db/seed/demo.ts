/**
 * The demo school a fresh install starts with (first start only, unlike the
 * reference data under db/reference/, which every start applies). Pure data:
 * server/modules/system/demo-school.ts writes it.
 */

export const PLATFORM = {
  tenantId: '000000',
  tenantName: 'Atrium 示范学校',
  domain: 'localhost',
  linkman: '管理员',
  contactNumber: '4006916913',
}

/** A second tenant on the basic package, so package limits show. */
export const DEMO_TENANT = {
  tenantId: '100001',
  tenantName: '示例中学',
  domain: 'demo.atrium.local',
  accountNumber: 500,
  linkman: '张校长',
}

export const BASIC_PACKAGE = {
  packageName: '学校基础套餐',
  remark: 'Everything a school runs itself; tenants, clients and menus stay with the platform.',
}

export const CLIENT = {
  clientId: 'saber',
  clientSecret: 'saber_secret',
  scope: 'all',
  authorizedGrantTypes: 'refresh_token,password,captcha,social',
  accessTokenValidity: 3600,
  refreshTokenValidity: 604800,
}

/** [key, name, parent key (root = the tenant's unit), category 1 department / 2 class] */
export const DEPARTMENTS: [string, string, string | null, number][] = [
  ['academic', '教务处', null, 1],
  ['cs', '计算机系', null, 1],
  ['class1', '2024级计算机1班', 'cs', 2],
  ['class2', '2024级计算机2班', 'cs', 2],
]

/** [account (= password), real name, role alias, department key, e-mail] */
export const PEOPLE: [string, string, string, string, string][] = [
  ['teacher', '李老师', 'teacher', 'cs', 'teacher@atrium.local'],
  ['student', '王同学', 'student', 'class1', 'student@atrium.local'],
  ['manager', '赵主任', 'manager', 'academic', 'manager@atrium.local'],
]

/** A few unread messages so the bell has something on first sign-in: [title, content, recipients' accounts, type]. */
/** Demo notices: [title, category (notice_category), release time, content]. */
export const NOTICES: [string, number, string, string][] = [
  ['新学期开学通知', 1, '2026-09-01 08:00:00', '请各班于 9 月 1 日 8:00 到教室报到。'],
  ['实验室安全培训', 4, '2026-09-05 14:00:00', '首次使用实验室前须完成安全培训。'],
]

export const MESSAGES: [string, string, string[], number][] = [
  [
    '欢迎使用 Atrium',
    'Atrium 已安装完成。请先在“个人信息”中修改初始密码。\nWelcome to Atrium: please change your initial password under Personal information.',
    ['admin', 'teacher', 'student', 'manager'],
    4,
  ],
  [
    '本学期实验课安排',
    "计算机系本学期的实验课将在实验平台上进行，请提前熟悉操作。\nThis term's labs run on the lab platform; please get familiar with it beforehand.",
    ['teacher', 'student'],
    2,
  ],
  [
    '账号安全提示',
    '请勿与他人共用账号，离开电脑时可使用锁屏功能。\nDo not share your account; lock the screen when you leave your computer.',
    ['admin', 'teacher'],
    1,
  ],
]
