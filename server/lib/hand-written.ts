/**
 * Which routes the resource factory generated and which a module wrote by
 * hand, and why: a hand-written plugin is wrapped in `handWritten('why no
 * declaration fits', plugin)`, which tags every route in it by its handler
 * (Elysia keeps the handler object when a plugin is `.use`d, prefixed or not).
 * `tests/conventions/route-style.test.ts` walks the app's routes, prints the
 * split and refuses a hand-written route without its reason, so the list
 * cannot drift from the code.
 */
import type { AnyElysia } from 'elysia'

const generatedHandlers = new WeakSet<object>()
const reasons = new WeakMap<object, string>()

/** Marks a plugin's routes as the factory's (resource-routes.ts). */
export function generated<E extends AnyElysia>(plugin: E): E {
  for (const r of plugin.routes) generatedHandlers.add(r.handler as object)
  return plugin
}

/** Marks a plugin's routes as hand-written, with the one-line reason no declaration fits them. */
export function handWritten<E extends AnyElysia>(why: string, plugin: E): E {
  if (!why.trim()) throw new Error('handWritten: say why no declaration fits')
  for (const r of plugin.routes) {
    const h = r.handler as object
    // The innermost reason stands: a module wrapping sub-plugins that say their own keeps theirs.
    if (!generatedHandlers.has(h) && !reasons.has(h)) reasons.set(h, why)
  }
  return plugin
}

/** How a mounted route was made: by the factory, by hand with a reason, or by hand without one (undefined). */
export function routeStyle(route: { handler: unknown }): { generated: true } | { generated: false; why?: string } {
  const h = route.handler as object
  return generatedHandlers.has(h) ? { generated: true } : { generated: false, why: reasons.get(h) }
}
