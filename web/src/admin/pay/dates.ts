import type { Field } from '../../shared/resource/schema'
import { L } from '../system/fields'

/** A "from … before" day range on a date column, as search fields only (the server reads <col>_datege/_datelt). */
export const dateRange = (column: string): Field[] => [
  {
    name: `${column}_datege`,
    label: L('开始日期', 'From'),
    type: 'date',
    search: true,
    list: false,
    view: false,
    form: false,
  },
  {
    name: `${column}_datelt`,
    label: L('结束日期', 'Before'),
    type: 'date',
    search: true,
    list: false,
    view: false,
    form: false,
  },
]
