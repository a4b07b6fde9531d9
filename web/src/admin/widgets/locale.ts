import { registerLocale } from '../../shared/i18n'

/** Texts of the top-bar widgets and shared dialogs (namespace 'widgets'). */
registerLocale('widgets', {
  zh: {
    bell: {
      button: '消息', title: '我的消息', unreadCount: '{{count}} 条未读', markAllRead: '全部已读', empty: '暂无消息',
      confirmReadAll: '确定将所有消息设为已读?', confirmDelete: '确定删除此消息?', from: '发送人', time: '时间',
      unread: '未读', read: '已读', back: '返回列表', loadFailed: '消息暂不可用',
      types: { '1': '普通消息', '2': '部门广播', '3': '审批消息', '4': '角色广播' },
    },
    errorLog: {
      button: '错误日志', title: '错误日志', upload: '上传服务器', clear: '清空本地日志', empty: '没有错误日志',
      confirmUpload: '确定上传本地日志到服务器?', sent: '发送成功', confirmClear: '确定清空本地日志记录?', cleared: '清空成功',
      type: '类型', url: '地址', message: '内容', stack: '错误堆栈', time: '时间', count: '共 {{count}} 条',
    },
    userPicker: {
      title: '用户选择', account: '登录账号', realName: '用户姓名', dept: '所属部门', role: '所属角色', search: '搜索',
      selectAtLeastOne: '请至少选择一条数据', chosen: '已选择', none: '未选择',
    },
    register: {
      title: '账号注册', tenantId: '租户编号', name: '用户姓名', account: '账号名称', password: '账号密码', password2: '确认密码',
      tenantRequired: '请先输入租户编号', accountRequired: '请输入账号', passwordRequired: '请先输入密码', passwordMismatch: '两次输入的密码不一致',
      intro: '您使用第三方账号登录，但尚未绑定本系统账号。请填写以下信息申请账号。',
      pending: '注册申请已提交，请耐心等待管理员审核。审核通过后即可登录。', submit: '提交申请',
    },
  },
  en: {
    bell: {
      button: 'Messages', title: 'My messages', unreadCount: '{{count}} unread', markAllRead: 'Mark all read', empty: 'No messages',
      confirmReadAll: 'confirm marking all messages as read?', confirmDelete: 'confirm deleting this message?', from: 'From', time: 'Time',
      unread: 'Unread', read: 'Read', back: 'Back to the list', loadFailed: 'Messages are not available',
      types: { '1': 'Ordinary', '2': 'Department broadcast', '3': 'Approval', '4': 'Role broadcast' },
    },
    errorLog: {
      button: 'Error log', title: 'Error log', upload: 'Upload to server', clear: 'Clear local log', empty: 'No errors logged',
      confirmUpload: 'confirm uploading local logs to the server?', sent: 'sent successfully', confirmClear: 'confirm clearing the local log records?', cleared: 'cleared successfully',
      type: 'Type', url: 'Address', message: 'Message', stack: 'Stack', time: 'Time', count: '{{count}} in total',
    },
    userPicker: {
      title: 'Select users', account: 'Account', realName: 'Name', dept: 'Department', role: 'Role', search: 'Search',
      selectAtLeastOne: 'select at least one record', chosen: 'Selected', none: 'Nothing selected',
    },
    register: {
      title: 'Account registration', tenantId: 'Tenant number', name: 'Name', account: 'Account', password: 'Password', password2: 'Confirm password',
      tenantRequired: 'please enter the tenant number first', accountRequired: 'please enter the account', passwordRequired: 'please enter the password first', passwordMismatch: 'the two passwords do not match',
      intro: 'You signed in with a third-party account that is not linked to an account here. Apply for one below.',
      pending: 'Your application has been submitted and awaits administrator approval. You can sign in once it is approved.', submit: 'Apply',
    },
  },
})
