import { CRUD, defineReference } from '../types.ts'

/** E-mail (blade-email): a school's accounts, templates, strategies, address book and outbox; the platform's providers. */
export default defineReference({
  menus: [
    {
      code: 'mail',
      name: '邮件管理',
      alias: 'E-mail',
      path: '/mail',
      source: 'mail',
      sort: 6,
      topMenu: 'system',
      grant: ['manager'],
      children: [
        {
          code: 'mail:config',
          name: '邮箱账户',
          alias: 'Mail accounts',
          path: '/mail/config',
          source: 'mail',
          sort: 1,
          grant: ['manager'],
          buttons: [...CRUD, ['enable', '启用', 'Enable'], ['send', '发送测试邮件', 'Send a test mail']],
        },
        {
          code: 'mail:template',
          name: '邮件模板',
          alias: 'Mail templates',
          path: '/mail/template',
          source: 'document',
          sort: 2,
          grant: ['manager'],
          buttons: [...CRUD, ['copy', '复制', 'Copy']],
        },
        {
          code: 'mail:strategy',
          name: '发送策略',
          alias: 'Sending strategies',
          path: '/mail/strategy',
          source: 'options',
          sort: 3,
          grant: ['manager'],
          buttons: CRUD,
        },
        {
          code: 'mail:address',
          name: '通讯录',
          alias: 'Address book',
          path: '/mail/address',
          source: 'contact',
          sort: 4,
          grant: ['manager'],
          buttons: CRUD,
        },
        {
          code: 'mail:outbox',
          name: '发件箱',
          alias: 'Outbox',
          path: '/mail/outbox',
          source: 'send',
          sort: 5,
          grant: ['manager'],
          buttons: ['view', 'delete', ['send', '写邮件', 'Write a mail']],
        },
        // ── Inbox (MAIL-IN): messages synced from the accounts' IMAP mailboxes; `sync` is config/handleSync. ──
        {
          code: 'mail:inbox',
          name: '收件箱',
          alias: 'Inbox',
          path: '/mail/inbox',
          source: 'mail',
          sort: 6,
          grant: ['manager'],
          buttons: ['view', 'edit', 'delete', ['sync', '收取邮件', 'Fetch mail']],
        },
        // ── end of the inbox block ──
        {
          // A provider's defaults are offered to every school: the platform keeps them.
          code: 'mail:platFrom',
          name: '邮件服务商',
          alias: 'Mail providers',
          path: '/mail/plat-from',
          source: 'cloud',
          sort: 7,
          platform: true,
          grant: ['platform'],
          buttons: [...CRUD, ['enable', '启用', 'Enable']],
        },
      ],
    },
  ],
  systemDicts: [
    [
      'mail_tls_mode',
      '加密方式',
      'Encryption',
      [
        ['0', '不加密', 'None'],
        ['1', 'STARTTLS', 'STARTTLS'],
        ['2', 'SSL/TLS', 'SSL/TLS'],
      ],
    ],
    [
      'mail_strategy_mode',
      '策略方式',
      'Strategy mode',
      [
        ['1', '失败转移', 'Fall back'],
        ['2', '轮询', 'Round robin'],
      ],
    ],
    [
      'mail_outbox_status',
      '发送状态',
      'Sending state',
      [
        ['0', '待发送', 'Queued'],
        ['1', '已发送', 'Sent'],
        ['2', '发送失败', 'Failed'],
      ],
    ],
  ],
  params: [
    {
      key: 'mail.syncMinutes',
      name: '收件箱自动同步间隔（分钟）',
      value: '15',
      remark: "Minutes between automatic syncs of the enabled mail account's inbox; 0 = only when someone presses sync",
    },
  ],
})
