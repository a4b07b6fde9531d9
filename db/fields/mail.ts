import { COMMON, defineFields, L, type FieldDef, type Text2 } from './types.ts'

const port = (label: Text2 = L('端口', 'Port')): FieldDef => ({
  label,
  type: 'number',
  range: { min: 1, max: 65535, integer: true },
})

const tlsMode: FieldDef = {
  label: L('加密方式', 'Encryption'),
  type: 'dict',
  dict: { code: 'mail_tls_mode' },
  default: 2,
}

/** The IMAP side of an account or provider (the inbox sync reads it; empty host = no inbox). */
const imap: Record<'imapHost' | 'imapPort' | 'imapTls', FieldDef> = {
  imapHost: { label: L('收信服务器（IMAP）', 'IMAP server'), max: 255 },
  imapPort: port(L('IMAP 端口', 'IMAP port')),
  imapTls: {
    label: L('IMAP 加密', 'IMAP encryption'),
    type: 'select',
    options: [
      { value: 1, label: L('SSL/TLS', 'SSL/TLS') },
      { value: 0, label: L('不加密（可 STARTTLS）', 'None (STARTTLS when offered)') },
    ],
  },
}

/** A school's mail account (blade-email/config). */
export const mailConfigFields = defineFields({
  name: { label: L('账户名称', 'Account name'), required: true, max: 100 },
  host: { label: L('发信服务器（SMTP）', 'SMTP server'), required: true, max: 255 },
  port: { ...port(), required: true, default: 465 },
  tlsMode,
  username: { label: L('登录账号', 'Login'), max: 255 },
  password: { label: L('密码（留空不修改）', 'Password (empty = unchanged)'), type: 'password', max: 255 },
  fromAddress: { label: L('发件人地址', 'From address'), required: true, rules: ['email'], max: 255 },
  fromName: { label: L('发件人名称', 'From name'), max: 100 },
  ...imap,
  isEnabled: { label: L('默认账户', 'Default account'), type: 'switch' },
  remark: COMMON.remark,
})

/** A provider's defaults the platform offers (blade-email/plat-from). */
export const mailPlatFromFields = defineFields({
  name: { label: L('服务商名称', 'Provider'), required: true, max: 100 },
  host: { label: L('发信服务器（SMTP）', 'SMTP server'), required: true, max: 255 },
  port: { ...port(), required: true, default: 465 },
  tlsMode,
  ...imap,
  isEnabled: { label: L('向学校提供', 'Offered to schools'), type: 'switch', default: 1 },
  remark: COMMON.remark,
})

/** A mail template (blade-email/template): Liquid subject and body over the listed variables. */
export const mailTemplateFields = defineFields({
  code: {
    label: L('模板编码', 'Code'),
    required: true,
    max: 64,
    pattern: {
      test: /^[A-Za-z][\w.-]*$/,
      message: L(
        '编码只能包含字母、数字、点、下划线和短横线',
        'the code may hold letters, digits, dots, underscores and dashes',
      ),
    },
  },
  name: { label: L('模板名称', 'Name'), required: true, max: 100 },
  language: {
    label: L('语言', 'Language'),
    type: 'select',
    default: 'zh',
    options: [
      { value: 'zh', label: L('中文', 'Chinese') },
      { value: 'en', label: L('英文', 'English') },
    ],
  },
  subject: { label: L('邮件主题', 'Subject'), required: true, max: 255 },
  content: { label: L('邮件内容', 'Body'), type: 'textarea', required: true, max: 20000 },
  variables: {
    label: L('可用变量', 'Variables'),
    max: 500,
    pattern: {
      test: /^\s*[A-Za-z_]\w*(\s*,\s*[A-Za-z_]\w*)*\s*$/,
      message: L('变量名用英文逗号分隔', 'separate the variable names with commas'),
    },
  },
  remark: COMMON.remark,
})

/** A sending strategy (blade-email/strategy). */
export const mailStrategyFields = defineFields({
  name: { label: L('策略名称', 'Name'), required: true, max: 100 },
  code: { label: L('策略编码', 'Code'), required: true, max: 64 },
  mode: {
    label: L('策略方式', 'Mode'),
    type: 'dict',
    dict: { code: 'mail_strategy_mode' },
    required: true,
    default: 1,
  },
  configIds: {
    label: L('邮箱账户', 'Accounts'),
    type: 'tree',
    tree: { url: '/api/blade-email/config/select', multiple: true },
    required: true,
    max: 1000,
  },
  isDefault: { label: L('学校默认策略', 'School default'), type: 'switch' },
  remark: COMMON.remark,
})

/** The address book (blade-email/plat-address). */
export const mailAddressFields = defineFields({
  name: { label: L('姓名', 'Name'), required: true, max: 100 },
  email: { label: L('邮箱', 'E-mail'), required: true, rules: ['email'], max: 255 },
  groupName: { label: L('分组', 'Group'), max: 64 },
  phone: { label: L('手机号', 'Phone'), rules: ['phone'], max: 20 },
  sort: { label: L('排序', 'Order'), type: 'number', range: { min: 0, max: 99999, integer: true } },
  remark: COMMON.remark,
})

/** The outbox (blade-email/outbox): what was sent, to whom, and the server's answer. */
export const mailOutboxFields = defineFields({
  to: { label: L('收件人', 'To'), required: true, max: 4000 },
  cc: { label: L('抄送', 'Cc'), max: 4000 },
  bcc: { label: L('密送', 'Bcc'), max: 4000 },
  subject: { label: L('主题', 'Subject'), required: true, max: 255 },
  content: { label: L('内容', 'Body'), type: 'richtext', required: true, max: 200000 },
  attachments: {
    label: L('附件', 'Attachments'),
    type: 'file',
    upload: { accept: [], maxKB: 51200, max: 10, kind: 'download' },
  },
  status: { label: L('发送状态', 'State'), type: 'dict', dict: { code: 'mail_outbox_status' } },
  reason: { label: L('失败原因', 'Reason') },
  response: { label: L('服务器应答', 'Server answer') },
  messageId: { label: L('Message-ID', 'Message-ID') },
  attempts: { label: L('尝试次数', 'Attempts'), type: 'number' },
  sentTime: { label: L('发送时间', 'Sent'), type: 'datetime' },
})
