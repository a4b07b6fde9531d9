import { describe, expect, it } from 'vitest'
import type { ColumnInfo } from './catalog.ts'
import { camel, prototypesOf } from './prototype.ts'

const col = (name: string, type: string, o: Partial<ColumnInfo> = {}): ColumnInfo => ({
  name,
  type,
  length: null,
  nullable: true,
  defaultValue: null,
  primaryKey: false,
  comment: '',
  ...o,
})

describe('field prototypes from columns', () => {
  it('names fields in camelCase, never starting with a digit', () => {
    expect(camel('book_title')).toBe('bookTitle')
    expect(camel('ISBN_code')).toBe('isbnCode')
    expect(camel('2nd_author')).toBe('f2ndAuthor')
  })

  it('guesses a dictionary named like the column, system or business, and leaves the common columns out', () => {
    const dicts = [
      { code: 'sex', biz: false },
      { code: 'book_category', biz: true },
    ]
    const got = prototypesOf(
      {
        name: 'lib_book',
        comment: '',
        columns: [
          col('id', 'bigint', { primaryKey: true, nullable: false }),
          col('tenant_id', 'text'),
          col('status', 'integer'),
          col('sex', 'smallint'),
          col('category', 'integer', { nullable: false }),
          col('title', 'varchar(80)', { nullable: false, comment: '书名', length: 80 }),
          col('created', 'integer', { nullable: false, defaultValue: '0' }),
        ],
        indexes: [],
        foreignKeys: [],
      },
      dicts,
    )
    expect(got.map((p) => p.propertyName)).toEqual(['sex', 'category', 'title', 'created'])
    expect(got[0]).toMatchObject({ componentType: 'dict', dictCode: 'sex', dictBiz: false, length: null })
    expect(got[1]).toMatchObject({ componentType: 'dict', dictCode: 'book_category', dictBiz: true, isRequired: true })
    expect(got[2]).toMatchObject({ comment: '书名', commentEn: 'Title', length: 80, isQuery: true, isRequired: true })
    expect(got[3]).toMatchObject({ componentType: 'number', isRequired: false, dictCode: '' })
  })
})
