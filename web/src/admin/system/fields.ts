/** Label helper for the system screens (the one in db/fields/types.ts). */
export { L } from '../../../../db/fields/types'
