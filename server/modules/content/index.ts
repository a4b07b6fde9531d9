import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { bannerResource } from './banner.ts'
import { blogDetailResource, blogResource } from './blog.ts'
import { documentResource, folderResource } from './cloud.ts'
import { downloadResource, leadResource } from './download.ts'

/** Site content: banners, news (blog) and their bodies, downloadable files and leads, cloud documents — all declared. */
export const contentModule = (s: Services) =>
  new Elysia({ name: 'content-module', seed: s.id })
    .use(bannerResource.routes(s))
    .use(blogResource.routes(s))
    .use(blogDetailResource.routes(s))
    .use(downloadResource.routes(s))
    .use(leadResource.routes(s))
    .use(folderResource.routes(s))
    .use(documentResource.routes(s))
