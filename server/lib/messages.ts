/**
 * Every text the server sends to a person, in Chinese (default) and English.
 * Keys are dotted; `{name}` placeholders are filled by t().
 */
export type Lang = 'zh' | 'en'

type Catalogue = Record<string, { zh: string; en: string }>

const messages: Catalogue = {
  ok: { zh: '操作成功', en: 'operation successful' },
  'ok.added': { zh: '新增成功', en: 'added successfully' },
  'ok.updated': { zh: '修改成功', en: 'updated successfully' },
  'ok.deleted': { zh: '删除成功', en: 'deleted successfully' },
  'error.unknown': { zh: '未知错误', en: 'unknown error' },
  'error.internal': { zh: '服务器内部错误，请稍后再试', en: 'internal server error, please try again later' },
  'error.notFound': { zh: '数据不存在或无权访问', en: 'the record does not exist or is not accessible' },
  'error.routeNotFound': { zh: '接口不存在', en: 'no such API' },
  'error.forbidden': { zh: '没有权限执行此操作', en: 'you do not have permission for this operation' },
  'error.outOfScope': { zh: '不能写入超出自身数据权限范围的数据', en: 'you cannot write data outside your data scope' },
  'error.unauthorized': { zh: '请先登录', en: 'please sign in first' },
  'error.tokenInvalid': { zh: '登录已过期，请重新登录', en: 'your session has expired, please sign in again' },
  'error.badJson': { zh: '请求体不是合法的 JSON', en: 'the request body is not valid JSON' },
  'validation.invalid': { zh: '字段 {field} 的值无效', en: 'field {field} has an invalid value' },
  'validation.required': { zh: '请输入 {field}', en: 'please enter {field}' },
  'validation.tooLong': {
    zh: '字段 {field} 过长（最多 {max} 个字符）',
    en: 'field {field} is too long (at most {max} characters)',
  },
  'validation.ids': { zh: '参数 ids 必须是以逗号分隔的编号', en: 'ids must be a comma-separated list of ids' },
  'validation.idList': {
    zh: '参数 {field} 必须是以逗号分隔的编号',
    en: '{field} must be a comma-separated list of ids',
  },
  'validation.id': { zh: '参数 {field} 必须是编号', en: '{field} must be an id' },
  'validation.page': { zh: '参数 {field} 必须是正整数', en: '{field} must be a positive whole number' },
  'validation.date': { zh: '参数 {field} 必须是日期 yyyy-MM-dd', en: '{field} must be a date yyyy-MM-dd' },
  'validation.unique': { zh: '{field} 已存在', en: '{field} already exists' },
  'auth.badClient': { zh: '客户端认证失败', en: 'client authentication failed' },
  'auth.badGrant': { zh: '不支持的授权类型', en: 'unsupported grant type' },
  'auth.badCredentials': { zh: '用户名或密码错误', en: 'wrong account or password' },
  'auth.locked': {
    zh: '账号已锁定，请稍后再试或联系管理员解锁',
    en: 'the account is locked, try again later or ask an administrator to unlock it',
  },
  'auth.busy': { zh: '登录请求过多，请稍后再试', en: 'too many sign-ins at once, try again shortly' },
  'auth.pending': { zh: '账号正在等待管理员审核', en: 'the account is waiting for administrator approval' },
  'auth.disabled': { zh: '账号已停用', en: 'the account is disabled' },
  'auth.tenantMissing': { zh: '租户不存在', en: 'no such tenant' },
  'auth.tenantExpired': { zh: '租户已过期，请联系管理员', en: 'the tenant has expired, contact the administrator' },
  'auth.captchaRequired': { zh: '请输入验证码', en: 'please enter the captcha' },
  'auth.captchaWrong': { zh: '验证码不正确或已过期', en: 'the captcha is wrong or has expired' },
  'auth.passwordGrantOff': {
    zh: '已开启验证码登录，请使用验证码',
    en: 'captcha sign-in is on: sign in with the captcha',
  },
  'auth.refreshInvalid': { zh: '刷新令牌无效或已过期', en: 'the refresh token is invalid or has expired' },
  'auth.tenantRequired': { zh: '请先输入租户编号', en: 'please enter the tenant number first' },
  'auth.accountRequired': { zh: '请输入账号', en: 'please enter the account' },
  'auth.passwordRequired': { zh: '请先输入密码', en: 'please enter the password first' },
  'auth.passwordMismatch': { zh: '两次输入的密码不一致', en: 'the two passwords do not match' },
  'auth.oldPasswordWrong': { zh: '原密码不正确', en: 'the old password is wrong' },
  'auth.accountTaken': { zh: '账号 {account} 已存在', en: 'the account {account} already exists' },
  'auth.registerClosed': { zh: '该租户未开放注册', en: 'registration is closed for this tenant' },
  'auth.registered': {
    zh: '注册申请已提交，请等待管理员审核',
    en: 'your application was submitted and awaits administrator approval',
  },
  'tenant.quota': { zh: '租户账号数量已达上限', en: 'the tenant has reached its account limit' },
  'tenant.packageMenus': { zh: '所选菜单超出租户套餐范围', en: 'the chosen menus are outside the tenant package' },
  'tree.hasChildren': { zh: '请先删除子节点', en: 'remove the child nodes first' },
  'tree.selfParent': {
    zh: '上级不能是自身或其下级',
    en: 'the parent cannot be the node itself or one of its descendants',
  },
  'role.inUse': { zh: '角色仍被用户使用，无法删除', en: 'the role is still assigned to users and cannot be removed' },
  'dict.sealed': { zh: '已封存的字典不可删除', en: 'a sealed dictionary entry cannot be removed' },
  'user.selfRemove': { zh: '不能删除当前登录账号', en: 'you cannot remove the account you are signed in with' },
  'tenant.defaultProtected': { zh: '默认租户不可删除', en: 'the default tenant cannot be removed' },
}

export function t(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const entry = messages[key]
  const text = entry ? entry[lang] : key
  return text.replace(/\{(\w+)\}/g, (_, k) => String(params[k] ?? `{${k}}`))
}

/** 'en…' in Accept-Language (or the web's language header) picks English; anything else Chinese. */
export function langOf(headers: Record<string, string | undefined>): Lang {
  const v = headers['accept-language'] ?? ''
  return /^en/i.test(v) ? 'en' : 'zh'
}

/** Lets a module add its own texts without touching this file. */
export function defineMessages(more: Catalogue): void {
  Object.assign(messages, more)
}
