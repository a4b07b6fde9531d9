import { describe, expect, it } from 'vitest'
import type { Field } from './schema'
import { fieldProblem, initialValues, uploadProblem } from './validate'

const say = (t: unknown) => (typeof t === 'string' ? t : (t as { en: string }).en)
const fields: Field[] = [
  {
    name: 'paramName',
    label: { zh: '参数名称', en: 'Name' },
    required: { zh: '请输入参数名称', en: 'please enter the parameter name' },
  },
  { name: 'phone', label: { zh: '手机', en: 'Phone' }, rules: ['phone'] },
  { name: 'email', label: { zh: '邮箱', en: 'E-mail' }, rules: ['email'] },
  { name: 'sort', label: { zh: '排序', en: 'Sort' }, type: 'number', default: 1 },
]

/** Every field's problem at once, as the form shows them. */
const validate = (fs: Field[], values: Record<string, unknown>, sayIt: typeof say) =>
  Object.fromEntries(
    fs.flatMap((f) => {
      const p = fieldProblem(f, values[f.name], sayIt)
      return p ? [[f.name, p]] : []
    }),
  )

describe('form validation', () => {
  it('uses the spec message for a missing or blank required field', () => {
    expect(validate(fields, { paramName: '  ' }, say)).toEqual({ paramName: 'please enter the parameter name' })
  })
  it('checks phone and e-mail only when given', () => {
    expect(validate(fields, { paramName: 'x' }, say)).toEqual({})
    expect(validate(fields, { paramName: 'x', phone: '1380013800', email: 'a@b' }, say)).toEqual({
      phone: 'phone number must be 11 digits',
      email: 'the e-mail address is not valid',
    })
    expect(validate(fields, { paramName: 'x', phone: '13800138000', email: 'a@b.cn' }, say)).toEqual({})
  })
  it('checks the longest length the description allows, before the rules', () => {
    const code: Field = { name: 'email', label: { zh: '邮箱', en: 'E-mail' }, max: 6, rules: ['email'] }
    const sayWith = (t: unknown, p?: Record<string, string>) =>
      typeof t === 'string' ? `${t}${p ? JSON.stringify(p) : ''}` : (t as { en: string }).en
    expect(fieldProblem(code, 'abcdefg', sayWith)).toBe('tooLong{"max":"6"}')
    expect(fieldProblem(code, 'ab', sayWith)).toBe('the e-mail address is not valid')
    expect(fieldProblem(code, 'a@b.cn', sayWith)).toBeUndefined()
    expect(fieldProblem(code, '', sayWith)).toBeUndefined()
  })
  it('checks a number against the range the description gives, with its message or one made from the label', () => {
    const lat: Field = {
      name: 'lat',
      label: { zh: '纬度', en: 'Latitude' },
      type: 'number',
      range: { min: -90, max: 90 },
    }
    expect(fieldProblem(lat, 91, say)).toBe('the latitude must lie between -90 and 90')
    expect(fieldProblem(lat, '-90', say)).toBeUndefined()
    expect(fieldProblem(lat, null, say)).toBeUndefined()
    const pct: Field = {
      name: 'greyPercent',
      label: { zh: '灰度比例', en: 'Grey share' },
      type: 'number',
      range: { min: 1, max: 100, integer: true, message: { zh: '灰度比例须为整数', en: 'a whole percentage' } },
    }
    expect(fieldProblem(pct, 2.5, say)).toBe('a whole percentage')
    expect(fieldProblem(pct, 0, say)).toBe('a whole percentage')
    expect(fieldProblem(pct, 100, say)).toBeUndefined()
  })
  it('checks a text against the pattern the description gives', () => {
    const sn: Field = {
      name: 'sn',
      label: { zh: '设备唯一标识', en: 'Serial (sn)' },
      pattern: { test: /^[a-z0-9-]+$/, message: { zh: '格式不对', en: 'letters, digits and - only' } },
    }
    expect(fieldProblem(sn, 'room 1/#', say)).toBe('letters, digits and - only')
    expect(fieldProblem(sn, 'room-1', say)).toBeUndefined()
    expect(fieldProblem(sn, '', say)).toBeUndefined()
  })
  it('starts new rows from defaults and the screen query', () => {
    expect(initialValues(fields, { parentId: '7' })).toEqual({ sort: 1, parentId: '7' })
  })
  it('checks an upload against its type and size rule', () => {
    const rule = { accept: ['jpg', 'jpeg', 'png'], maxKB: 5000, max: 1 }
    expect(uploadProblem({ name: 'a.PNG', size: 100 }, rule)).toBeNull()
    expect(uploadProblem({ name: 'a.gif', size: 100 }, rule)?.[0]).toBe('fileTypeNotAllowed')
    expect(uploadProblem({ name: 'a.jpg', size: 6 * 1024 * 1024 }, rule)).toEqual(['fileTooLarge', { size: '5M' }])
  })
})
