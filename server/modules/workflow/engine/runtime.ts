/**
 * One turn of the engine for one instance: a new Engine over the deployment's definition (bpmn-engine 25 cannot
 * restore into a running engine), started or recovered from the saved state, moved by `act`, its new state taken
 * and the engine stopped. No database access here: the caller loads what it needs before and saves what this
 * answers in one transaction after (store.ts), so the transaction never waits on the engine.
 */
import { Engine } from 'bpmn-engine'
import { badRequest } from '../../../lib/errors.ts'
import { deployed, moddleOptions, type Graph } from './definitions.ts'
import { ExpressionError, hasExpression, resolve } from './expressions.ts'

/** A waiting activity execution (a user task, or one countersign iteration of it). */
export interface Wait {
  executionId: string
  activityId: string
  /** The loop's local values (the elementVariable's item) for a multi-instance iteration. */
  local: Record<string, unknown>
  multiInstance: boolean
}

/** Something the engine did in this turn: a node finished, a flow was taken. */
export interface Trace {
  kind: 'end' | 'flow'
  id: string
}

export interface Turn {
  state: string
  /** Every execution waiting after the turn. */
  waits: Wait[]
  trace: Trace[]
  finished: boolean
}

/** What `act` can do to the recovered engine. */
export interface Driver {
  /** The waits as the turn began (after recovery). */
  waits: Wait[]
  signal(activityId: string, executionId: string, message: Record<string, unknown>): void
  /** Starts a node again (rollback target), before the current ones are discarded. */
  run(activityId: string): void
  /** Discards the waiting activities with these ids (their history is not traced: they are left, not done). */
  discard(activityIds: string[]): void
}

interface Api {
  id: string
  executionId: string
  content: Record<string, unknown>
  signal(m?: unknown): void
  discard(): void
}
interface Execution {
  state: string
  getPostponed(): Api[]
  signal(m: unknown): void
  definitions: { getProcesses(): { getActivityById(id: string): { run(content: object): void } | undefined }[] }[]
}

const LOOP_KEYS = new Set([
  'inbound',
  'executionId',
  'id',
  'type',
  'name',
  'parent',
  'isMultiInstance',
  'state',
  'loopCardinality',
  'isSequential',
  'index',
  'isRecovered',
  'ignoreIfExecuting',
  'output',
  'loopOutput',
  'isRootScope',
])

/** Values an expression sees: the variables, an iteration's element variable and a signal's own values. */
export function scopeOf(vars: Record<string, unknown>, content: Record<string, unknown> | undefined) {
  const scope: Record<string, unknown> = { ...vars }
  if (!content) return scope
  for (const [k, v] of Object.entries(content)) if (!LOOP_KEYS.has(k)) scope[k] = v
  if (typeof content.index === 'number') scope.loopCounter = content.index
  const out = content.output as { message?: Record<string, unknown> } | undefined
  if (out && typeof out === 'object' && out.message && typeof out.message === 'object')
    Object.assign(scope, out.message)
  return scope
}

function expressionsOver(vars: Record<string, unknown>) {
  return {
    isExpression: (t: unknown) => typeof t === 'string' && /^\s*\$\{[\s\S]+\}\s*$/.test(t),
    hasExpression,
    resolveExpression(template: string, context?: { content?: Record<string, unknown> }) {
      return resolve(template, scopeOf(vars, context?.content))
    },
  }
}

function localOf(content: Record<string, unknown>): Record<string, unknown> {
  const local: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(content)) if (!LOOP_KEYS.has(k)) local[k] = v
  return local
}

/**
 * Stops a running engine so nothing of it outlives the turn. Not awaited: the stop itself is synchronous (smqp), and
 * the promise bpmn-engine answers for an engine that already completed never settles.
 */
function halt(engine: Engine) {
  if (engine.state === 'running') void engine.stop()
}

/** Runs one turn. `state` null starts a new instance; `vars` is read (and may be changed) by expressions. */
export async function turn(
  definitionId: string,
  xml: string,
  state: string | null,
  vars: Record<string, unknown>,
  act?: (d: Driver) => void,
): Promise<Turn & { graph: Graph }> {
  const { serialized, graph } = await deployed(definitionId, xml)
  const expressions = expressionsOver(vars)
  const engine = new Engine({
    name: definitionId,
    ...(state ? {} : { source: xml }),
    moddleOptions,
    expressions,
    settings: { enableDummyService: false },
  })
  const waits = new Map<string, Wait>()
  const trace: Trace[] = []
  const errors: unknown[] = []
  let quiet = false
  const on = (event: string, fn: (c: Record<string, unknown>) => void) =>
    engine.broker.subscribeTmp('event', event, (_r, m) => fn((m as { content: Record<string, unknown> }).content), {
      noAck: true,
    })
  on('activity.wait', (c) => {
    const node = graph.nodes.get(c.id as string)
    if (node?.type !== 'userTask') return
    // A multi-instance task waits as its iterations; the parent's own wait is not a task.
    const loop = Boolean(node.behaviour.loopCharacteristics)
    if (loop && !c.isMultiInstance) return
    waits.set(c.executionId as string, {
      executionId: c.executionId as string,
      activityId: c.id as string,
      local: localOf(c),
      multiInstance: loop,
    })
  })
  on('activity.leave', (c) => waits.delete(c.executionId as string))
  on('activity.end', (c) => {
    waits.delete(c.executionId as string)
    if (!quiet && !c.isMultiInstance) trace.push({ kind: 'end', id: c.id as string })
  })
  on('flow.take', (c) => {
    if (!quiet) trace.push({ kind: 'flow', id: c.id as string })
  })
  engine.on('error', (err: unknown) => errors.push(err))

  let execution: Execution | undefined
  try {
    if (state) {
      const saved = JSON.parse(state) as { definitions: { source?: string }[] }
      for (const d of saved.definitions) d.source = serialized
      engine.recover(saved)
      execution = (await engine.resume()) as unknown as Execution
    } else execution = (await engine.execute()) as unknown as Execution
    const ex = execution
    if (act) {
      const started = [...waits.values()]
      trace.length = 0
      act({
        waits: started,
        signal: (id, executionId, message) => ex.signal({ id, executionId, message }),
        run: (id) => {
          for (const p of ex.definitions[0].getProcesses()) p.getActivityById(id)?.run({})
        },
        discard: (ids) => {
          quiet = true
          try {
            for (const a of ex.getPostponed()) if (ids.includes(a.id)) a.discard()
          } finally {
            quiet = false
          }
        },
      })
    }
  } catch (err) {
    errors.push(err)
  }
  const failure = errors[0]
  if (failure || !execution) {
    halt(engine)
    const inner = (failure as { inner?: unknown }).inner ?? failure
    if (inner instanceof ExpressionError)
      throw badRequest('workflow.expression', { expression: inner.expression, reason: inner.reason })
    const reason = (inner instanceof Error ? inner.message : String(inner)).split('\n')[0].slice(0, 200)
    throw badRequest('workflow.engine', { reason })
  }
  // Whatever is still postponed is what waits; an execution not among them was left (a gateway, a completion).
  const postponed = new Set(execution.getPostponed().map((a) => a.id))
  for (const [k, w] of waits) if (!postponed.has(w.activityId)) waits.delete(k)
  const finished = execution.state !== 'running'
  const saved = (await engine.getState()) as unknown as { definitions: { source?: string }[] }
  for (const d of saved.definitions) delete d.source
  halt(engine)
  return { state: JSON.stringify(saved), waits: [...waits.values()], trace, finished, graph }
}
