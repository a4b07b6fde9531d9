import { requiredText, type FieldDef, type Fields } from '../../../../db/fields/types'
import type { Field } from './schema'

/** The choices a screen makes about one field: where it shows and how wide; anything else overrides the description. */
export type FieldLayout = Partial<Omit<Field, 'name'>>

/** A column the resource does not store (a joined name, a computed flag) brings its own label. */
type Extra = FieldLayout & { label: Field['label'] }

/**
 * A screen's fields: its resource's field description (db/fields/<area>.ts,
 * the same the server validates with), in the order the layout names them,
 * with the screen's layout choices. Required messages and contact rules come
 * from the description, never from the screen.
 */
export function screenFields<F extends Fields, Y extends Record<string, FieldLayout>>(
  fields: F,
  // A name the description lacks must bring its label: tsc catches a misspelt or missing field, not the screen at runtime.
  layout: Y & { [K in keyof Y]: K extends keyof F ? FieldLayout : Extra },
): Field[] {
  return Object.entries(layout).map(([name, choice]) => {
    const def: FieldDef | undefined = fields[name]
    if (!def && !('label' in (choice ?? {})))
      throw new Error(`screen field ${name} is neither in the resource's fields nor labelled`)
    const { required: _, ...rest } = def ?? ({} as FieldDef)
    const text = def ? requiredText(def) : null
    return { name, ...rest, ...(text ? { required: text } : {}), ...choice } as Field
  })
}
