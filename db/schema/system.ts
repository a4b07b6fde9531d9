import { index, integer, table, text, uniqueIndex } from './dialect.ts'
import { commonColumns, liveUnique, scopedListIndex } from './common.ts'
import { sql } from 'drizzle-orm'

export const tenant = table(
  'blade_tenant',
  {
    ...commonColumns(),
    tenantName: text().notNull(),
    domain: text(),
    backgroundUrl: text(),
    linkman: text(),
    contactNumber: text(),
    address: text(),
    /** -1 = unlimited accounts. */
    accountNumber: integer().notNull().default(-1),
    expireTime: text(),
    packageId: text(),
    datasourceId: text(),
    licenseKey: text(),
    /** The study assistant's questions a day for this school; null = the platform's default (ai_assistant_config). */
    assistantQuota: integer(),
  },
  // A removed tenant's id stays taken (its rows keep it); a domain is free again once its tenant is removed.
  (t) => [
    uniqueIndex('uq_tenant_tenant_id').on(t.tenantId),
    uniqueIndex('ux_tenant_domain')
      .on(t.domain)
      .where(sql`is_deleted = 0 AND domain <> ''`),
  ],
)

export const tenantPackage = table('blade_tenant_package', {
  ...commonColumns(),
  packageName: text().notNull(),
  /** Comma-joined menu ids, as the spec's screen saves them. */
  menuId: text().notNull(),
})

export const client = table(
  'blade_client',
  {
    ...commonColumns(),
    clientId: text().notNull(),
    clientSecret: text().notNull(),
    resourceIds: text(),
    scope: text().notNull().default('all'),
    authorizedGrantTypes: text().notNull().default('refresh_token,password,captcha'),
    webServerRedirectUri: text(),
    authorities: text(),
    accessTokenValidity: integer().notNull().default(3600),
    refreshTokenValidity: integer().notNull().default(604800),
    additionalInformation: text(),
    autoapprove: text(),
  },
  (t) => [liveUnique('ux_client_id', t.clientId)],
)

export const user = table(
  'blade_user',
  {
    ...commonColumns(),
    code: text(),
    /** 1 web, 2 app, 3 other. */
    userType: integer().notNull().default(1),
    account: text().notNull(),
    /** argon2id of the md5 hex the client sends; never leaves the server. */
    password: text().notNull(),
    name: text(),
    realName: text(),
    avatar: text(),
    email: text(),
    phone: text(),
    birthday: text(),
    sex: integer(),
    /** Comma-joined ids: a user may hold several roles, departments and posts. */
    roleId: text().notNull().default(''),
    deptId: text().notNull().default(''),
    postId: text(),
    oauthId: text(),
    /** Free-form platform settings of the account (the spec's userExt), JSON text. */
    userExt: text(),
    failCount: integer().notNull().default(0),
    /** 1 after too many failed sign-ins; an administrator clears it, or time does (lockedUntil). */
    locked: integer().notNull().default(0),
    /** Epoch seconds the lock ends; null = until an administrator unlocks. */
    lockedUntil: integer(),
  },
  (t) => [
    index('ix_user_tenant_account').on(t.tenantId, t.account),
    scopedListIndex('user', t),
    liveUnique('ux_user_account', t.tenantId, t.account),
  ],
)

export const role = table(
  'blade_role',
  {
    ...commonColumns(),
    parentId: text().notNull().default('0'),
    roleName: text().notNull(),
    sort: integer().notNull().default(0),
    roleAlias: text().notNull(),
  },
  (t) => [scopedListIndex('role', t), liveUnique('ux_role_alias', t.tenantId, t.roleAlias)],
)

export const roleMenu = table(
  'blade_role_menu',
  {
    id: text().primaryKey(),
    roleId: text().notNull(),
    menuId: text().notNull(),
  },
  (t) => [index('ix_role_menu_role').on(t.roleId)],
)

/** scopeCategory 1 = data scope, 2 = API scope. */
export const roleScope = table(
  'blade_role_scope',
  {
    id: text().primaryKey(),
    scopeCategory: integer().notNull(),
    scopeId: text().notNull(),
    roleId: text().notNull(),
  },
  (t) => [index('ix_role_scope_role').on(t.roleId)],
)

export const dept = table(
  'blade_dept',
  {
    ...commonColumns(),
    parentId: text().notNull().default('0'),
    /** Comma-joined ids from the root down to the parent: "below" queries need no recursion. */
    ancestors: text().notNull().default('0'),
    /** 1 department, 2 class (the spec's type 1/2 filter). */
    deptCategory: integer().notNull().default(1),
    deptName: text().notNull(),
    fullName: text(),
    sort: integer().notNull().default(0),
  },
  (t) => [scopedListIndex('dept', t)],
)

export const post = table(
  'blade_post',
  {
    ...commonColumns(),
    category: integer().notNull().default(1),
    postCode: text().notNull(),
    postName: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [scopedListIndex('post', t), liveUnique('ux_post_code', t.tenantId, t.postCode)],
)

export const menu = table(
  'blade_menu',
  {
    ...commonColumns(),
    parentId: text().notNull().default('0'),
    /** Permission code: the menu's own code grants its list/detail, button codes grant the rest. */
    code: text().notNull(),
    name: text().notNull(),
    /** English name; the web shows it when the language is English. */
    alias: text(),
    path: text(),
    /** Icon name. */
    source: text(),
    sort: integer().notNull().default(0),
    /** 1 menu, 2 button. */
    category: integer().notNull().default(1),
    /** 1 toolbar button, 2 row button, 0 neither. */
    action: integer().notNull().default(0),
    /** 1 opens in a new window. */
    isOpen: integer().notNull().default(0),
    component: text(),
  },
  (t) => [index('ix_menu_parent').on(t.parentId), liveUnique('ux_menu_code', t.code)],
)

export const topMenu = table(
  'blade_top_menu',
  {
    ...commonColumns(),
    code: text().notNull(),
    name: text().notNull(),
    /** English name, as for menus. */
    alias: text(),
    source: text(),
    path: text(),
    sort: integer().notNull().default(0),
  },
  (t) => [liveUnique('ux_top_menu_code', t.code)],
)

export const topMenuSetting = table('blade_top_menu_setting', {
  id: text().primaryKey(),
  topMenuId: text().notNull(),
  menuId: text().notNull(),
})

/** System dictionary: one tree shared by all tenants. */
export const dict = table(
  'blade_dict',
  {
    ...commonColumns(),
    parentId: text().notNull().default('0'),
    code: text().notNull(),
    dictKey: text().notNull(),
    dictValue: text().notNull(),
    /** English label of the item; the web picks it when the language is English. */
    dictValueEn: text(),
    sort: integer().notNull().default(0),
    isSealed: integer().notNull().default(0),
  },
  (t) => [index('ix_dict_code').on(t.code), liveUnique('ux_dict_code_key', t.code, t.dictKey)],
)

/** Business dictionary: the same shape, per tenant. */
export const dictBiz = table(
  'blade_dict_biz',
  {
    ...commonColumns(),
    parentId: text().notNull().default('0'),
    code: text().notNull(),
    dictKey: text().notNull(),
    dictValue: text().notNull(),
    dictValueEn: text(),
    sort: integer().notNull().default(0),
    isSealed: integer().notNull().default(0),
  },
  (t) => [
    index('ix_dict_biz_code').on(t.tenantId, t.code),
    scopedListIndex('dict_biz', t),
    liveUnique('ux_dict_biz_code_key', t.tenantId, t.code, t.dictKey),
  ],
)

export const param = table(
  'blade_param',
  {
    ...commonColumns(),
    paramName: text().notNull(),
    paramKey: text().notNull(),
    paramValue: text().notNull(),
  },
  (t) => [
    index('ix_param_key').on(t.tenantId, t.paramKey),
    scopedListIndex('param', t),
    liveUnique('ux_param_key', t.tenantId, t.paramKey),
  ],
)

/** Administrative regions, keyed by their official code. */
export const region = table('blade_region', {
  code: text().primaryKey(),
  parentCode: text().notNull().default('00'),
  ancestors: text().notNull().default('00'),
  name: text().notNull(),
  /** 1 province … 5 village. */
  regionLevel: integer().notNull().default(1),
  sort: integer().notNull().default(0),
  remark: text(),
})

/** scopeType: 1 all, 2 own records, 3 own department, 4 own department and below, 5 custom (scopeValue = dept ids). */
export const scopeData = table('blade_scope_data', {
  ...commonColumns(),
  menuId: text().notNull(),
  /** The resource code the scope applies to, e.g. 'system:user'. */
  resourceCode: text().notNull(),
  scopeName: text().notNull(),
  /** Column the filter applies to (dept_id, create_dept, create_user…). */
  scopeColumn: text().notNull().default('create_dept'),
  scopeType: integer().notNull().default(1),
  scopeValue: text(),
})

/** An API scope guards every request whose path starts with scopePath (a trailing '**' is allowed). */
export const scopeApi = table('blade_scope_api', {
  ...commonColumns(),
  menuId: text().notNull(),
  resourceCode: text().notNull(),
  scopeName: text().notNull(),
  scopePath: text().notNull(),
  /** 1 all methods, 2 GET only, 3 POST only. */
  scopeType: integer().notNull().default(1),
})
