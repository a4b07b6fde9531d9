import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import {
  portalBannerViews,
  portalCardViews,
  portalDocumentViews,
  portalDownloadViews,
  portalFolderViews,
} from './content.ts'
import { portalCourseViews, portalSeriesViews } from './course.ts'
import { portalEnrolmentViews, portalProgressViews, portalRatingViews } from './learning.ts'
import { signUpRoutes } from './sign-up.ts'

/**
 * The learner portal's calls (spec §7 "Portal calls"): nop-wbp open to guests, nep-wbp mostly for signed-in
 * learners. Each is a view of a resource (server/lib/resource-views.ts); sign-up by text message is hand-written.
 */
export const portalModule = (s: Services) =>
  new Elysia({ name: 'portal-module', seed: s.id })
    .use(portalCourseViews(s))
    .use(portalSeriesViews(s))
    .use(portalEnrolmentViews(s))
    .use(portalProgressViews(s))
    .use(portalRatingViews(s))
    .use(portalBannerViews(s))
    .use(portalDownloadViews(s))
    .use(portalFolderViews(s))
    .use(portalDocumentViews(s))
    .use(portalCardViews(s))
    .use(signUpRoutes(s))
