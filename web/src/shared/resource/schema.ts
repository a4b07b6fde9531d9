import type { ReactNode } from 'react'

import type { FieldPattern, FieldRange, FieldRule, FieldType, Text2, UploadRule } from '../../../../db/fields/types'

// One type module for field descriptions, shared with the server (db/fields/types.ts).
export type { FieldRule, FieldType, Text2, UploadRule }

/**
 * One field of a screen: how it shows in the list, the search bar and the
 * form. Plain data (no functions), so a schema can be stored, diffed and
 * generated; behaviour comes from the registries in cells.tsx and editors.tsx.
 * Screens build these with screenFields() from their resource's field
 * description (db/fields), adding only layout choices.
 */
export interface Field {
  name: string
  label: Text2
  type?: FieldType
  /** For 'dict': the dictionary code; biz = business dictionary. */
  dict?: { code: string; biz?: boolean }
  /** For 'select': fixed options. */
  options?: { value: string | number; label: Text2 }[]
  /** For 'tree': an endpoint answering tree nodes {id|value, title, children}; multiple values are comma-joined. */
  tree?: { url: string; params?: Record<string, string>; multiple?: boolean; label?: string }
  /** Shown in the search bar (text fields match by substring on the server). */
  search?: boolean
  /** Required in the form; the text is the spec's message. */
  required?: Text2
  /** Extra checks with the spec's messages. */
  rules?: FieldRule[]
  /** Longest text accepted (from the field description). */
  max?: number
  /** A text's shape and its message (from the field description). */
  pattern?: FieldPattern
  /** Numbers accepted (from the field description). */
  range?: FieldRange
  /** Where the field appears; all default to true. */
  list?: boolean
  form?: boolean
  view?: boolean
  /** Only set when adding (e.g. an account or a key). */
  addOnly?: boolean
  width?: number
  /** Form columns out of 24 (12 = half width). */
  span?: 12 | 24
  default?: string | number | null
  upload?: UploadRule
}

export type Row = Record<string, unknown> & { id?: string; children?: Row[]; hasChildren?: boolean }

export interface ScreenActions {
  add?: boolean
  edit?: boolean
  delete?: boolean
  view?: boolean
  selection?: boolean
}

/** What a screen hands its extra buttons: the selection and a way to reload. */
export interface ActionContext {
  selected: Row[]
  reload: () => void
}

export interface ResourceScreen {
  /** '/api/<service>/<entity>': list, detail, submit and remove hang off it. */
  base: string
  /** The menu's permission code; buttons are <perm>:add|edit|delete|view. */
  perm: string
  title: Text2
  fields: Field[]
  /** Verb the list is read from: 'list' (default), 'page', 'parent-list', 'lazy-list'… */
  listPath?: string
  /** The list answers a whole tree (no paging). */
  tree?: boolean
  /** Other resources ('/api/<service>/<entity>') whose lists show this one's data, refreshed after a write here. */
  invalidates?: string[]
  /** Fixed query parameters of the list (and defaults of new rows). */
  query?: Record<string, string>
  actions?: ScreenActions
  /** The tenant-package screen's success text is "operation successful" (spec §8). */
  plainSuccess?: boolean
  layout?: 'table' | 'cards'
  /** Extra toolbar buttons and row buttons; each hides itself by its own permission. */
  toolbar?: (ctx: ActionContext) => ReactNode
  rowActions?: (row: Row, ctx: ActionContext) => ReactNode
  /** A panel left of the list (the user screen's department tree), given the URL filter setter. */
  side?: (setFilter: (name: string, value: string | undefined) => void, filters: Record<string, string>) => ReactNode
  /** Called when a row is clicked (master/detail screens). */
  onRowClick?: (row: Row) => void
}
