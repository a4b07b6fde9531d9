/**
 * Reference data: what every install must hold for its areas to work — menus
 * and buttons, role default grants, dictionaries, parameters, top menus,
 * regions. Each area declares its own in one file under db/reference/areas/
 * (picked up by name, no list to edit); the server's sync applies them on
 * every start (server/lib/reference/sync.ts): upsert by code, never
 * overwriting what an administrator changed, never deleting a row.
 *
 * Pure data: this folder imports nothing from the server, so the server
 * applies it and never the other way round.
 */

/** A standard button verb, or [verb, zh name, en name] for a special one. */
export type ButtonRef = 'add' | 'edit' | 'delete' | 'view' | [string, string, string]

export interface MenuRef {
  /** Permission code the server checks; buttons become <code>:<verb>. The sync's key. */
  code: string
  name: string
  /** English name. */
  alias: string
  /** Screen path; a path starting with http opens in the embedded frame. */
  path: string
  /** Icon name. */
  source?: string
  isOpen?: number
  /** Position among its siblings (defaults to the order written). */
  sort?: number
  /** Code of an existing menu to hang under, for an area adding to another area's menu. */
  parent?: string
  buttons?: ButtonRef[]
  children?: MenuRef[]
  /** Role aliases that hold this menu (and its buttons) by default in every tenant. */
  grant?: string[]
  /** Kept by the platform: never part of a tenant package. */
  platform?: boolean
  /** For a root menu: the top menu (code) it shows under. */
  topMenu?: string
}

/** [code, zh name, en name, items as [key, zh, en]] */
export type DictRef = [string, string, string, [string, string, string][]]

export interface ParamRef {
  key: string
  name: string
  value: string
  remark?: string
}

export interface TopMenuRef {
  code: string
  name: string
  alias: string
  source?: string
  sort: number
}

export interface RegionRef {
  code: string
  parentCode: string
  ancestors: string
  name: string
  regionLevel: number
  sort: number
}

/** A data scope every tenant holds for a resource code (blade_scope_data), granted by default to some roles. */
export interface DataScopeRef {
  /** The menu's permission code, which is the resource code the scope applies to. */
  code: string
  name: string
  /** 1 all rows, 2 rows the user created, 3 own department, 4 own department and below. */
  type: 1 | 2 | 3 | 4
  /** The column the filter reads (create_user for type 2). */
  column: string
  /** Role aliases that hold it when it is first added to a tenant; an administrator's later change stands. */
  grant?: string[]
}

export interface AreaReference {
  menus?: MenuRef[]
  /** Data scopes offered in every tenant, with their default holders. */
  dataScopes?: DataScopeRef[]
  /** System dictionary (shared by all tenants, kept by the platform). */
  systemDicts?: DictRef[]
  /** Business dictionary: every tenant holds its own copy and may edit it. */
  bizDicts?: DictRef[]
  /** Parameters every tenant holds. */
  params?: ParamRef[]
  topMenus?: TopMenuRef[]
  regions?: RegionRef[]
}

/** Declares an area's reference data (typed; the file's default export). */
export const defineReference = (r: AreaReference): AreaReference => r

/**
 * For each code: "rows they created" held by `roles`, and "all rows" held by nobody, for an administrator
 * to widen a role to (scopes granted together widen each other).
 */
export const ownRowsFor = (roles: string[], codes: string[]): DataScopeRef[] =>
  codes.flatMap((code) => [
    { code, name: '本人创建的数据', type: 2 as const, column: 'create_user', grant: roles },
    { code, name: '全部数据', type: 1 as const, column: 'create_user' },
  ])

/** The standard CRUD buttons. */
export const CRUD: ButtonRef[] = ['add', 'edit', 'delete', 'view']

/** Standard buttons' names. */
export const BUTTON_NAMES: Record<string, [string, string]> = {
  add: ['新增', 'Add'],
  edit: ['修改', 'Edit'],
  delete: ['删除', 'Delete'],
  view: ['查看', 'View'],
}
