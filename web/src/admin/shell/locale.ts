import { registerLocale } from '../../shared/i18n'

registerLocale('shell', {
  zh: {
    brand: 'Atrium 管理平台', collapse: '收起菜单', expand: '展开菜单', searchMenu: '搜索菜单', searchPlaceholder: '输入菜单名称（按 Esc 关闭）',
    noMatch: '没有匹配的菜单', home: '门户首页', info: '个人信息', lock: '锁屏', logout: '退出登录', confirmLogout: '确定退出系统?',
    language: '语言', theme: '主题', themes: {
      'theme-default': '默认', 'theme-main': '经典蓝', 'theme-cyan': '青碧', 'theme-green': '翠绿', 'theme-gold': '金盏', 'theme-volcano': '火山',
      'theme-red': '朱红', 'theme-magenta': '洋红', 'theme-purple': '紫罗兰', 'theme-geekblue': '极客蓝', 'theme-graphite': '石墨',
    },
    tabs: { clearCache: '清除缓存', closeOthers: '关闭其他', closeAll: '关闭全部', search: '搜索', close: '关闭', openPages: '已打开的页面', actions: '标签操作', confirmClearCache: '是否清除缓存?', cleared: '清除完毕' },
    lockDialog: { title: '设置锁屏密码', password: '锁屏密码', required: '锁屏密码不能为空', submit: '锁屏' },
    switch: { title: '切换部门与角色', dept: '部门', role: '角色', deptRequired: '请选择部门', roleRequired: '请选择角色', action: '切换部门/角色' },
    topMenu: '顶部菜单', allMenus: '全部', newWindow: '新窗口打开',
  },
  en: {
    brand: 'Atrium Console', collapse: 'Collapse menu', expand: 'Expand menu', searchMenu: 'Search menu', searchPlaceholder: 'Type a menu name (Esc closes)',
    noMatch: 'No matching menu', home: 'Portal home', info: 'Personal info', lock: 'Lock screen', logout: 'Sign out', confirmLogout: 'Sign out of the system?',
    language: 'Language', theme: 'Theme', themes: {
      'theme-default': 'Default', 'theme-main': 'Classic blue', 'theme-cyan': 'Cyan', 'theme-green': 'Green', 'theme-gold': 'Gold', 'theme-volcano': 'Volcano',
      'theme-red': 'Red', 'theme-magenta': 'Magenta', 'theme-purple': 'Purple', 'theme-geekblue': 'Geek blue', 'theme-graphite': 'Graphite',
    },
    tabs: { clearCache: 'Clear cache', closeOthers: 'Close others', closeAll: 'Close all', search: 'Search', close: 'Close', openPages: 'Open pages', actions: 'Tab actions', confirmClearCache: 'whether to clear the cache?', cleared: 'clearing done' },
    lockDialog: { title: 'Set a lock password', password: 'Lock password', required: 'lock password cannot be empty', submit: 'Lock' },
    switch: { title: 'Switch department and role', dept: 'Department', role: 'Role', deptRequired: 'please select the department', roleRequired: 'please select the role', action: 'Switch department/role' },
    topMenu: 'Top menu', allMenus: 'All', newWindow: 'Opens in a new window',
  },
})
