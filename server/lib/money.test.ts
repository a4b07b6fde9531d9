import { sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { describe, expect, it } from 'vitest'
import { MONEY_MAX, defineFields, fenToYuan, L, yuanToFen } from '../../db/fields/types.ts'
import { money } from '../../db/schema/common.ts'
import { fieldProblem } from '../../web/src/shared/resource/validate.ts'
import { ApiError } from './errors.ts'
import { t as say } from './messages.ts'
import { bodySchemas, parseBody } from './validation.ts'

/** Integer money in the smallest unit: fen in an INTEGER column, yuan with two decimals on the screen, exact both ways. */
describe('money: fen in the column, yuan on the screen', () => {
  it('converts yuan text to fen from the decimal string, never through a float', () => {
    expect(0.1 + 0.2).not.toBe(0.3)
    expect(yuanToFen('0.1')! + yuanToFen('0.2')!).toBe(yuanToFen('0.3'))
    expect(fenToYuan(yuanToFen('0.1')! + yuanToFen('0.2')!)).toBe('0.30')
    expect(19.99 * 100).not.toBe(1999)
    expect(yuanToFen('19.99')).toBe(1999)
    expect(yuanToFen('1.005')).toBeNull()
    expect(yuanToFen('20')).toBe(2000)
    expect(yuanToFen('0.5')).toBe(50)
    expect(yuanToFen(' 7.05 ')).toBe(705)
    expect(yuanToFen('0')).toBe(0)
    expect(yuanToFen('9999999999999.99')).toBe(999_999_999_999_999)
    expect(Number.isSafeInteger(yuanToFen('9999999999999.99'))).toBe(true)
    for (const bad of ['-1', '-0.01', '+1', '1.234', '1e3', '1,000', '¥5', '', '.5', '5.', 'abc', '99999999999999'])
      expect([bad, yuanToFen(bad)]).toEqual([bad, null])
  })

  it('shows fen as yuan with two decimals', () => {
    expect(fenToYuan(0)).toBe('0.00')
    expect(fenToYuan(5)).toBe('0.05')
    expect(fenToYuan(1999)).toBe('19.99')
    expect(fenToYuan(100000)).toBe('1000.00')
    expect(fenToYuan(-5)).toBe('-0.05')
    for (let fen = 0; fen < 2000; fen++) expect(yuanToFen(fenToYuan(fen))).toBe(fen)
  })

  const priced = sqliteTable('test_priced', { id: text().primaryKey(), title: text(), price: money().notNull() })
  const fields = defineFields({
    price: { label: L('价格', 'Price'), type: 'money', required: true },
    deposit: { label: L('押金', 'Deposit'), type: 'money', range: { min: 0, max: 50_000 } },
  })
  const schemas = bodySchemas(priced, { fields })
  const refusal = (body: Record<string, unknown>) => {
    try {
      parseBody(schemas, body)
    } catch (e) {
      if (e instanceof ApiError)
        return { field: e.field, en: say('en', e.key, e.params), zh: say('zh', e.key, e.params) }
    }
    return undefined
  }

  it('the server takes whole fen from 0 to the field maximum, refusing the rest with the field named', () => {
    expect(parseBody(schemas, { price: 1999 }).values).toEqual({ price: 1999 })
    expect(parseBody(schemas, { price: '1999' }).values).toEqual({ price: 1999 })
    expect(parseBody(schemas, { price: MONEY_MAX }).values).toEqual({ price: MONEY_MAX })
    const msg = {
      field: 'price',
      en: 'the price must be an amount from 0.00 to 100000000.00 yuan, with at most two decimals',
      zh: '价格须为 0.00 到 100000000.00 元之间的金额，最多两位小数',
    }
    for (const bad of [-1, 19.99, '19.99', 'abc', MONEY_MAX + 1])
      expect([bad, refusal({ price: bad })]).toEqual([bad, msg])
    expect(refusal({})).toMatchObject({ field: 'price', en: 'please enter the price' })
  })

  it('the form checks with the same rule and words', () => {
    const en = (x: unknown) => (typeof x === 'string' ? x : (x as { en: string }).en)
    const field = { name: 'price', ...fields.price, required: undefined }
    expect(fieldProblem(field, 1999, en)).toBeUndefined()
    expect(fieldProblem(field, 0, en)).toBeUndefined()
    // What the editor hands the form when the text is no amount: the text itself.
    for (const typed of ['-1', '1.234', 'abc'])
      expect(fieldProblem(field, yuanToFen(typed) ?? typed, en)).toBe(
        'the price must be an amount from 0.00 to 100000000.00 yuan, with at most two decimals',
      )
    expect(fieldProblem({ name: 'deposit', ...fields.deposit }, 50_001, en)).toBe(
      'the deposit must be an amount from 0.00 to 500.00 yuan, with at most two decimals',
    )
  })
})
