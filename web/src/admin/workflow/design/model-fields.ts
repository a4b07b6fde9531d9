import { wfModelFields } from '../../../../../db/fields/workflow'
import { screenFields } from '../../../shared/resource/fields'
import { L } from '../../system/fields'

/** A model's columns and form, the same on the design screen and the classic flow's model screen (one table). */
export const modelScreenFields = () =>
  screenFields(wfModelFields, {
    name: { search: true },
    modelKey: { search: true, addOnly: true, width: 160 },
    categoryId: { width: 140 },
    version: { label: L('版本', 'Version'), form: false, width: 80 },
    icon: { list: false },
    description: { list: false, span: 24 },
    xml: { list: false, form: false, view: false },
    updateTime: { label: L('更新时间', 'Updated'), type: 'datetime', form: false, width: 170 },
  })
