import { afterAll } from 'vitest'
import { resourceRegistry, type AnyResource } from '../../server/lib/resource.ts'

/**
 * A resource a test file declares for itself (a probe of the factory), taken out of the registry after the file:
 * files share a worker's modules (vitest.config.ts, isolate false), and the suites that walk every resource (field
 * descriptions, the permission matrix, OpenAPI) must see the appliance's resources only. Declared inside a test,
 * pass vitest's onTestFinished as `after`.
 */
export function probeResource<R extends AnyResource>(resource: R, after: (fn: () => void) => void = afterAll): R {
  after(() => {
    const at = resourceRegistry.indexOf(resource)
    if (at >= 0) resourceRegistry.splice(at, 1)
  })
  return resource
}
