import { describe, expect, it } from 'vitest'
import { postFields, userFields } from '../../../../db/fields/system'
import { defineFields, L, requiredText } from '../../../../db/fields/types'
import { screenFields } from './fields'

describe("screen fields from a resource's field description", () => {
  it("keeps the layout's order and choices, taking labels, types, dictionaries and required texts from the description", () => {
    const fields = screenFields(postFields, { postName: { search: true }, category: { width: 90 }, postCode: {} })
    expect(fields.map((f) => f.name)).toEqual(['postName', 'category', 'postCode'])
    expect(fields[0]).toMatchObject({
      label: { zh: '岗位名称', en: 'Post name' },
      search: true,
      required: { zh: '请输入岗位名称', en: 'please enter the post name' },
      max: 64,
    })
    expect(fields[1]).toMatchObject({ type: 'dict', dict: { code: 'post_category' }, default: 4, width: 90 })
    expect(fields[1].required).toBeUndefined()
  })

  it('says "select" for choices, keeps a declared wording, and carries contact rules', () => {
    const [roles, phone] = screenFields(userFields, { roleId: {}, phone: {} })
    expect(roles.required).toEqual({ zh: '请选择所属角色', en: 'please select the roles' })
    expect(phone.rules).toEqual(['phone'])
    expect(
      requiredText(
        defineFields({ x: { label: L('单位', 'Unit'), required: L('请输入机构名称', 'please enter the unit name') } })
          .x,
      ),
    ).toEqual({ zh: '请输入机构名称', en: 'please enter the unit name' })
  })

  it('lets a screen add a column the resource does not store, only with its own label', () => {
    expect(screenFields(userFields, { roleName: { label: L('角色', 'Roles'), form: false } })[0]).toMatchObject({
      name: 'roleName',
      form: false,
    })
    // tsc refuses an unlabelled unknown name; a schema built at runtime still fails loudly.
    // @ts-expect-error nothing is not a user field and brings no label
    expect(() => screenFields(userFields, { nothing: {} })).toThrow(/nothing/)
  })
})
