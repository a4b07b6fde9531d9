import type { Services } from '../../lib/context.ts'

/**
 * The app's services a lab action reaches the engine through. Its route hands them in; the CLI and jobs call the
 * engine's functions (openLab, stopLabs, installImage) with their own Labs instead of these actions' operations.
 */
export function routeServices(services: Services | undefined): Services {
  if (!services) throw new Error('this lab action runs through its route: call the engine function with a Labs')
  return services
}
