import type { Field } from '../../../shared/resource/schema'

/**
 * A designed form's fields (design/form content: the back office's field descriptors as JSON). A label may be one
 * text for both languages or { zh, en }; a field's key may be `name` or, as Avue form designs (Saber's) write it,
 * `prop`; anything unreadable is no field rather than a broken page, and one unreadable field drops only itself.
 */
export function parseFormContent(content: string | null | undefined): Field[] {
  let list: unknown
  try {
    list = JSON.parse(content || '[]')
  } catch {
    return []
  }
  if (!Array.isArray(list)) return []
  return list.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return []
    const f = item as Record<string, unknown>
    const name = typeof f.name === 'string' ? f.name : typeof f.prop === 'string' ? f.prop : undefined
    if (!name) return []
    const label =
      typeof f.label === 'string'
        ? { zh: f.label, en: f.label }
        : f.label && typeof f.label === 'object'
          ? (f.label as Field['label'])
          : { zh: name, en: name }
    const required =
      f.required === true ? { zh: `请输入${label.zh}`, en: `please enter the ${label.en}` } : f.required || undefined
    return [{ ...f, name, label, required } as Field]
  })
}
