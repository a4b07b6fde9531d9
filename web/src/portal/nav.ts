/** The portal header's entries (spec: portal §2), in order; the key is the path under /home. */
export const PORTAL_NAV = [
  'index',
  'harmony-cloud',
  'course',
  'practice-course',
  'iot',
  'competition',
  'cloud-document',
  'information',
  'solution',
  'about-us',
] as const
