import { bannerFields } from '../../../db/fields/content.ts'
import { asc, desc } from 'drizzle-orm'
import { banner } from '../../../db/schema/index.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource.ts'
import { checkImages } from '../course/course.ts'
import './messages.ts'

/** Carousel banners by position (carousel_position), opened per page_opening_method. */
export const bannerResource = defineResource({
  table: banner,
  path: '/api/wp-banner/banner',
  code: 'content:banner',
  search: ['title'],
  filters: ['position', 'target', 'status'],
  fields: bannerFields,
  orderBy: (c) => [asc(c.position), asc(c.sort), desc(c.id)],
  beforeWrite: (_ctx, w) => {
    if (w.op === 'remove') return
    checkImages(w.values.cover, 1)
    const href = w.values.href
    if (typeof href === 'string' && href && !/^(https?:\/\/|\/(?!\/))/.test(href))
      throw badRequest('banner.href', { field: 'href' }, 'href')
  },
})
