import { registerLocale } from '../../shared/i18n'

/** Texts of the back office's own pages (namespace 'pages'). */
registerLocale('pages', {
  zh: {
    welcome: {
      morning: '早上好，{{name}}', afternoon: '下午好，{{name}}', evening: '晚上好，{{name}}', night: '夜深了，{{name}}',
      today: '今天是 {{date}}', roles: '角色', dept: '部门', quickLinks: '快捷入口', noLinks: '暂无可访问的页面',
      unread: '未读消息', unreadHint: '点击右上角的铃铛查看', figures: '用户概况', figuresUnavailable: '统计数据暂不可用',
      total: '用户总数', active: '正常', pending: '待审核', locked: '已锁定', disabled: '已停用', dashboard: '查看数据看板',
      profile: '个人信息',
    },
    dashboard: {
      title: '数据看板', byRole: '各角色用户数', byMonth: '近 12 个月新增用户', health: '设备运行状态', version: '版本',
      database: '数据库', broker: '消息服务', docker: 'Docker 引擎', up: '正常', down: '异常', notStarted: '未启动', refresh: '刷新',
      unavailable: '暂无数据', users: '{{count}} 人', checkedAt: '检查于 {{time}}',
    },
    info: {
      title: '个人信息', profile: '基本信息', password: '修改密码', avatar: '头像', realName: '姓名', name: '用户名', phone: '手机号', email: '邮箱',
      account: '账号', avatarTip: '只能上传 jpg/png 文件，且不超过 500KB', changeAvatar: '更换头像', removeAvatar: '移除',
      avatarType: '头像只能是 jpg 或 png 格式', avatarSize: '头像大小不能超过 500KB',
      oldPassword: '原密码', newPassword: '新密码', newPassword1: '确认密码',
      oldPasswordRequired: '请输入原密码', newPasswordRequired: '请输入新密码', newPassword1Required: '请再次输入新密码', passwordMismatch: '两次输入的密码不一致',
      passwordChanged: '密码修改成功', realNameRequired: '请输入姓名',
    },
    lock: {
      title: '屏幕已锁定', password: '锁屏密码', unlock: '解锁', passwordRequired: '锁屏密码不能为空', wrongPassword: '锁屏密码错误',
      signOut: '退出登录', hint: '输入锁屏密码以继续',
    },
    system: {
      notFoundTitle: '页面不存在', notFound: '抱歉，您访问的页面不存在或已被移除。',
      forbiddenTitle: '无权访问', forbidden: '抱歉，您没有访问此页面的权限。如需访问，请联系管理员。',
      serverErrorTitle: '服务器出错了', serverError: '抱歉，服务器出现了问题，请稍后再试。',
      home: '返回首页', back: '返回上一页',
    },
    frame: { invalid: '无法打开此地址：只能嵌入以 http 或 https 开头的网页。', openNew: '在新窗口打开', home: '返回首页' },
  },
  en: {
    welcome: {
      morning: 'Good morning, {{name}}', afternoon: 'Good afternoon, {{name}}', evening: 'Good evening, {{name}}', night: 'Working late, {{name}}',
      today: 'Today is {{date}}', roles: 'Roles', dept: 'Department', quickLinks: 'Quick links', noLinks: 'No screens available',
      unread: 'Unread messages', unreadHint: 'Open the bell at the top right to read them', figures: 'Users at a glance', figuresUnavailable: 'Figures are not available yet',
      total: 'All users', active: 'Active', pending: 'Awaiting approval', locked: 'Locked', disabled: 'Disabled', dashboard: 'Open the dashboard',
      profile: 'Personal information',
    },
    dashboard: {
      title: 'Dashboard', byRole: 'Users per role', byMonth: 'New users in the last 12 months', health: 'Appliance health', version: 'Version',
      database: 'Database', broker: 'Message broker', docker: 'Docker engine', up: 'Up', down: 'Down', notStarted: 'Not started', refresh: 'Refresh',
      unavailable: 'No data', users: '{{count}} users', checkedAt: 'checked at {{time}}',
    },
    info: {
      title: 'Personal information', profile: 'Profile', password: 'Change password', avatar: 'Avatar', realName: 'Real name', name: 'User name', phone: 'Phone', email: 'E-mail',
      account: 'Account', avatarTip: 'jpg or png only, at most 500 KB', changeAvatar: 'Change avatar', removeAvatar: 'Remove',
      avatarType: 'the avatar must be a jpg or png image', avatarSize: 'the avatar must not exceed 500 KB',
      oldPassword: 'Current password', newPassword: 'New password', newPassword1: 'Confirm new password',
      oldPasswordRequired: 'please enter the current password', newPasswordRequired: 'please enter the new password', newPassword1Required: 'please enter the new password again', passwordMismatch: 'the two passwords do not match',
      passwordChanged: 'password changed', realNameRequired: 'please enter the real name',
    },
    lock: {
      title: 'Screen locked', password: 'Lock password', unlock: 'Unlock', passwordRequired: 'the lock password cannot be empty', wrongPassword: 'wrong lock password',
      signOut: 'Sign out', hint: 'Enter the lock password to continue',
    },
    system: {
      notFoundTitle: 'Page not found', notFound: 'Sorry, the page you asked for does not exist or has been removed.',
      forbiddenTitle: 'Access denied', forbidden: 'Sorry, you are not allowed to open this page. Ask an administrator if you need it.',
      serverErrorTitle: 'Server error', serverError: 'Sorry, something went wrong on the server. Please try again later.',
      home: 'Back to home', back: 'Go back',
    },
    frame: { invalid: 'This address cannot be opened: only http and https pages can be embedded.', openNew: 'Open in a new window', home: 'Back to home' },
  },
})
