import type { Text2 } from '../../../../db/fields/types.ts'
import type { Prototype } from '../prototype.ts'

/** What one generated area is made from: a code row (area, service, table, menu name) and its model's prototypes. */
export interface AreaSpec {
  /** The area's folder and permission prefix (code.packageName): db/schema/<area>.ts, server/modules/<area>/. */
  area: string
  /** The API service (code.serviceName): /api/<service>/<entity>. */
  service: string
  /** The entity (model.modelCode): the table's export, the route's last segment, the permission code's second part. */
  entity: string
  /** The generated table (code.tableName). */
  table: string
  /** The menu's name (code.codeName / codeNameEn). */
  label: Text2
  /** The entity's own name (model.modelName / modelNameEn), for comments and the screen's title. */
  entityLabel: Text2
  prototypes: Prototype[]
}

export const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** A string literal for generated code (prettier turns the quotes into the project's single ones). */
export const lit = (s: string) => JSON.stringify(s)

export const code = (s: AreaSpec) => `${s.area}:${s.entity}`
export const apiPath = (s: AreaSpec) => `/api/${s.service}/${s.entity}`

/** A comment's text kept on one line and clear of the comment's own end. */
export const commentText = (s: string) => s.replace(/\*\//g, '*\u200b/').replace(/\s+/g, ' ')
