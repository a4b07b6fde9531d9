/**
 * Reading a BPMN definition: parsing and validating deployed XML, and its graph (nodes and sequence flows, for the
 * diagram's candidate nodes, for getBackNodes and for the task rows a turn opens). The graph is derived from the XML
 * alone and a deployment's XML never changes, so it is cached per deployment id — a cache any process rebuilds,
 * never state. (The engine's own parsed form is runtime.ts's.)
 */
import { Engine } from 'bpmn-engine'
import { badRequest } from '../../../lib/errors.ts'
import { checkSyntax, ExpressionError } from './expressions.ts'
import flowable from '../../../../db/reference/flowable-moddle.json' with { type: 'json' }

export const moddleOptions = { flowable }

export interface Node {
  id: string
  /** BPMN type without prefix: startEvent, userTask, exclusiveGateway, … */
  type: string
  name?: string
  /** The element's attributes as the engine reads them (Flowable ones included). */
  behaviour: Record<string, unknown>
  /** The enclosing process or sub-process. */
  parentId: string
}
export interface Flow {
  id: string
  name?: string
  sourceId: string
  targetId: string
  condition?: string
}
export interface Graph {
  processKey: string
  name?: string
  nodes: Map<string, Node>
  flows: Flow[]
  /** The start event's form (flowable:formKey), if any. */
  startFormKey?: string
}

interface SourceContext {
  getProcesses(): { id: string; name?: string; behaviour: Record<string, unknown> }[]
  getActivities(): {
    id: string
    type: string
    name?: string
    behaviour: Record<string, unknown>
    parent: { id: string }
  }[]
  getSequenceFlows(): {
    id: string
    name?: string
    sourceId: string
    targetId: string
    behaviour: { conditionExpression?: { body?: string } }
  }[]
}

const PROCESS_KEY = /^[A-Za-z_][\w.-]{0,63}$/

async function contextOf(xml: string): Promise<SourceContext> {
  let defs
  try {
    defs = await new Engine({ source: xml, moddleOptions }).getDefinitions()
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0].slice(0, 200)
    throw badRequest('workflow.xmlInvalid', { reason, field: 'xml' }, 'xml')
  }
  const source = defs[0]?.environment.options.source as SourceContext | undefined
  if (!source) throw badRequest('workflow.xmlNoProcess', { field: 'xml' }, 'xml')
  return source
}

function graphOf(source: SourceContext): Graph {
  const processes = source.getProcesses()
  const main = processes.find((p) => p.behaviour.isExecutable !== false) ?? processes[0]
  if (!main) throw badRequest('workflow.xmlNoProcess', { field: 'xml' }, 'xml')
  if (!PROCESS_KEY.test(main.id)) throw badRequest('workflow.xmlProcessKey', { field: 'xml' }, 'xml')
  const nodes = new Map<string, Node>()
  for (const a of source.getActivities())
    nodes.set(a.id, {
      id: a.id,
      type: a.type.replace(/^bpmn:/, '').replace(/^./, (c) => c.toLowerCase()),
      name: a.name,
      behaviour: a.behaviour,
      parentId: a.parent.id,
    })
  const flows = source.getSequenceFlows().map((f) => ({
    id: f.id,
    name: f.name,
    sourceId: f.sourceId,
    targetId: f.targetId,
    condition: f.behaviour.conditionExpression?.body,
  }))
  const start = [...nodes.values()].find((n) => n.type === 'startEvent' && n.parentId === main.id)
  if (!start) throw badRequest('workflow.xmlNoStart', { field: 'xml' }, 'xml')
  return {
    processKey: main.id,
    name: main.name,
    nodes,
    flows,
    startFormKey: typeof start.behaviour.formKey === 'string' ? start.behaviour.formKey : undefined,
  }
}

/** Every `${…}` a definition holds, checked to parse, so a typo is refused at deploy and not at 3 a.m. */
function checkExpressions(graph: Graph): void {
  const texts: string[] = graph.flows.flatMap((f) => (f.condition ? [f.condition] : []))
  for (const n of graph.nodes.values()) {
    const b = n.behaviour
    for (const k of ['assignee', 'candidateUsers', 'candidateGroups', 'dueDate'])
      if (typeof b[k] === 'string') texts.push(b[k])
    const loop = (b.loopCharacteristics as { behaviour?: Record<string, unknown> } | undefined)?.behaviour
    if (loop) {
      if (typeof loop.collection === 'string') texts.push(loop.collection)
      const cc = loop.completionCondition as { body?: string } | string | undefined
      const body = typeof cc === 'string' ? cc : cc?.body
      if (body) texts.push(body)
    }
  }
  for (const t of texts)
    try {
      checkSyntax(t)
    } catch (err) {
      if (err instanceof ExpressionError)
        throw badRequest('workflow.expression', { expression: t, reason: err.reason, field: 'xml' }, 'xml')
      throw err
    }
}

/** Parses and validates a definition for deployment (400 naming `xml`). */
export async function parseDefinition(xml: unknown): Promise<Graph> {
  if (typeof xml !== 'string' || !xml.trim()) throw badRequest('validation.required', { field: 'xml' }, 'xml')
  const graph = graphOf(await contextOf(xml))
  checkExpressions(graph)
  return graph
}

const contexts = new Map<string, Promise<{ graph: Graph }>>()
const CACHE_MAX = 200

/** The graph of a deployed definition, by its (immutable) deployment id. */
export function deployed(definitionId: string, xml: string): Promise<{ graph: Graph }> {
  let hit = contexts.get(definitionId)
  if (!hit) {
    hit = contextOf(xml).then((c) => ({ graph: graphOf(c) }))
    hit.catch(() => contexts.delete(definitionId))
    if (contexts.size >= CACHE_MAX) contexts.delete(contexts.keys().next().value as string)
    contexts.set(definitionId, hit)
  }
  return hit
}
