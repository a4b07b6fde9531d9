import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { bannerResource } from './banner.ts'
import { blogRoutes } from './blog.ts'
import { cloudRoutes } from './cloud.ts'
import { downloadRoutes } from './download.ts'

/** Site content: banners, news (blog), downloadable files and leads, cloud documents. */
export const contentModule = (s: Services) =>
  new Elysia({ name: 'content-module', seed: s.id })
    .use(bannerResource.routes(s))
    .use(blogRoutes(s))
    .use(downloadRoutes(s))
    .use(cloudRoutes(s))
