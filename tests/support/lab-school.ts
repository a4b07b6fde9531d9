import { expect } from 'vitest'
import { LAB_IMAGE } from './lab-image.ts'

type Post = (path: string, token: string, body: unknown) => Promise<{ status: number; body: any }>

/**
 * As a school's administrator (tenant 100001 in the suites): one terminal
 * environment on the shared lab image (or `imageId`) and `count` published
 * experiments on it. Staff with the experiment code open any of them without
 * enrolling, so one account can fill the school's lab quota.
 */
export async function schoolExperiments(
  post: Post,
  token: string,
  count: number,
  image: Record<string, unknown> = {},
): Promise<{ imageRowId: string; experimentIds: string[] }> {
  const img = await post('/api/hm-images/images/submit', token, { title: 'busybox', imageId: LAB_IMAGE, ...image })
  expect(img.status, JSON.stringify(img.body)).toBe(200)
  const experimentIds: string[] = []
  for (let i = 0; i < count; i++) {
    const exp = await post('/api/hm-experiment/experiment/submit', token, {
      title: `实验 ${i + 1}`,
      imagesName: img.body.data.id,
      status: 1,
    })
    expect(exp.status, JSON.stringify(exp.body)).toBe(200)
    experimentIds.push(exp.body.data.id)
  }
  return { imageRowId: img.body.data.id, experimentIds }
}
