import { bannerFields } from '../../../../db/fields/content'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from '../system/fields'

/** Carousel banners (spec §3): one image, title, subtitle, position, jump link and mode, sort. */
export const bannerScreen: ResourceScreen = {
  base: '/api/wp-banner/banner',
  perm: 'content:banner',
  title: L('轮播图', 'Banners'),
  fields: screenFields(bannerFields, {
    cover: { width: 100 },
    title: { search: true },
    subtitle: {},
    position: { search: true, width: 100 },
    href: { list: false },
    target: { width: 110 },
    sort: { width: 80 },
    status: { width: 90 },
    remark: { list: false },
  }),
}

export default function Banner() {
  return <ResourcePage screen={bannerScreen} />
}
