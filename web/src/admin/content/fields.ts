import type { Field } from '../../shared/resource/schema'
import { L, need } from '../system/fields'

export { L, need }

/** Images: jpeg/jpg/png, 5 MB (spec §5); course covers up to 3, banners and the rest 1. */
export const cover = (max = 1, kind = 'image'): Field => ({
  name: 'cover', label: L('封面', 'Cover'), type: 'image', upload: { accept: ['jpg', 'jpeg', 'png'], maxKB: 5000, max, kind }, width: 100,
})
export const listingStatus: Field = { name: 'status', label: L('上架状态', 'Listing'), type: 'dict', dict: { code: 'listing_status', biz: true }, default: 1, width: 90 }
