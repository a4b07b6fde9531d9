/**
 * Where an instance may be sent back to, read from the definition's graph. A target and the nodes it returns from
 * are compared within the target's scope (the process, or the sub-process it sits in): a task inside a sub-process is
 * represented there by the sub-process that holds it. Returning to a target restarts everything reachable from it,
 * so a target is offered only when every open task is reachable from it — out of a parallel branch, the sibling
 * branches return too (their tasks are cancelled), and never to a node that would leave a branch running behind it.
 */
import type { Graph } from './definitions.ts'

/** The node standing for `id` in `scope`: itself, or its enclosing sub-process there; undefined when outside it. */
function within(graph: Graph, id: string, scope: string): string | undefined {
  let node = graph.nodes.get(id)
  while (node) {
    if (node.parentId === scope) return node.id
    node = graph.nodes.get(node.parentId)
  }
  return undefined
}

/** Every node a token leaving `from` can reach along sequence flows (flows join nodes of one scope). */
export function reachableFrom(graph: Graph, from: string): Set<string> {
  const seen = new Set<string>()
  const todo = [from]
  while (todo.length) {
    const id = todo.pop()!
    for (const f of graph.flows)
      if (f.sourceId === id && !seen.has(f.targetId)) {
        seen.add(f.targetId)
        todo.push(f.targetId)
      }
  }
  return seen
}

/** May the instance, waiting in the `open` task keys, return to `target`? */
export function mayReturnTo(graph: Graph, target: string, open: string[]): boolean {
  const scope = graph.nodes.get(target)?.parentId
  if (!scope || !open.length) return false
  const reach = reachableFrom(graph, target)
  return open.every((key) => {
    const at = within(graph, key, scope)
    return at !== undefined && reach.has(at)
  })
}
