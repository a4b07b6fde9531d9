import { describe, expect, it } from 'vitest'
import { parseFormContent } from './form-content'

describe('a designed form’s content', () => {
  it('reads fields keyed by name, or by prop as Avue form designs (and the demo leave form) write them', () => {
    const fields = parseFormContent(
      JSON.stringify([
        { name: 'days', label: '请假天数', type: 'number', required: true },
        { prop: 'reason', label: { zh: '理由', en: 'Reason' }, type: 'textarea' },
      ]),
    )
    expect(fields.map((f) => [f.name, f.type])).toEqual([
      ['days', 'number'],
      ['reason', 'textarea'],
    ])
    expect(fields[0]!.required).toEqual({ zh: '请输入请假天数', en: 'please enter the 请假天数' })
    expect(fields[1]!.label).toEqual({ zh: '理由', en: 'Reason' })
    expect(fields[1]!.required).toBeUndefined()
  })

  it('drops only what it cannot read: a required field without a label keeps its name as the label', () => {
    const fields = parseFormContent(JSON.stringify([{ name: 'a', required: true }, 42, { label: 'no key' }, null]))
    expect(fields).toHaveLength(1)
    expect(fields[0]!.label).toEqual({ zh: 'a', en: 'a' })
    expect(fields[0]!.required).toEqual({ zh: '请输入a', en: 'please enter the a' })
    expect(parseFormContent('{not json')).toEqual([])
    expect(parseFormContent('{"a":1}')).toEqual([])
    expect(parseFormContent(null)).toEqual([])
  })
})
