import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L, cover, listingStatus, need, remarkField, sortField } from './fields'

/** Carousel banners (spec §3): one image, title, subtitle, position, jump link and mode, sort. */
export const bannerScreen: ResourceScreen = {
  base: '/api/wp-banner/banner',
  perm: 'content:banner',
  title: L('轮播图', 'Banners'),
  fields: [
    { ...cover(1, 'banner'), required: need('请上传图片', 'please upload an image') },
    { name: 'title', label: L('标题', 'Title'), search: true, required: need('请输入标题', 'please enter the title') },
    { name: 'subtitle', label: L('副标题', 'Subtitle') },
    {
      name: 'position',
      label: L('轮播位置', 'Position'),
      type: 'dict',
      dict: { code: 'carousel_position', biz: true },
      search: true,
      default: 1,
      width: 100,
    },
    { name: 'href', label: L('跳转链接', 'Link'), rules: [], list: false },
    {
      name: 'target',
      label: L('打开方式', 'Opens in'),
      type: 'dict',
      dict: { code: 'page_opening_method', biz: true },
      default: 1,
      width: 110,
    },
    sortField,
    listingStatus,
    remarkField,
  ],
}

export default function Banner() {
  return <ResourcePage screen={bannerScreen} />
}
