/**
 * One turn of the engine for one instance: the engine that made the saved state when this process still has it
 * (idle-engines.ts), else a new Engine over the deployment's definition (bpmn-engine 25 cannot restore into a
 * running engine) started or recovered from that state; moved by `act`, its new state taken, and the engine kept
 * for the instance's next turn (stopped once the instance ends). No database access here: the caller loads what it
 * needs before and saves what this answers in one transaction after (store.ts), so the transaction never waits on
 * the engine.
 */
import { Engine } from 'bpmn-engine'
import { TimerEventDefinition, Timers } from 'bpmn-elements'
import { badRequest } from '../../../lib/errors.ts'
import { deployed, moddleOptions, type Graph } from './definitions.ts'
import { ExpressionError, hasExpression, resolve } from './expressions.ts'
import { IdleEngines, type Idle } from './idle-engines.ts'

/**
 * The engine's and its elements' logger: silent. The default one (the `debug` package) asked whether stderr is a
 * terminal for every element of every turn, 2 % of the server's CPU under a workflow load, and prints only when
 * DEBUG names bpmn-engine, which an appliance never sets; what goes wrong reaches the caller as an error.
 */
const silentLog = { debug() {}, error() {}, warn() {} }
const silentLogger = () => silentLog

/** A waiting activity execution (a user task, or one countersign iteration of it). */
export interface Wait {
  executionId: string
  activityId: string
  /** The loop's local values (the elementVariable's item) for a multi-instance iteration. */
  local: Record<string, unknown>
  multiInstance: boolean
}

/**
 * A timer the instance waits on (a boundary or intermediate catch event's timer). executionId is the timer's own
 * execution, stable while it waits; due is when it should fire (epoch ms).
 */
export interface TimerWait {
  executionId: string
  activityId: string
  due: number
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
  /** The timers this turn set, each waiting for its durable job. */
  armed: TimerWait[]
  /** Every call activity waiting for its called instance after the turn. */
  calls: CallWait[]
}

/** A call activity waiting for the instance it calls (calledElement: the called process's key) to end. */
export interface CallWait {
  executionId: string
  activityId: string
  calledElement: string
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
  /** Fires a waiting timer now (its durable job is due); false when the instance no longer waits on it. */
  fire(timerExecutionId: string): boolean
}

interface Api {
  id: string
  executionId: string
  content: Record<string, unknown>
  signal(m?: unknown): void
  discard(): void
  /** A sub-process's own executions and what waits inside it; nothing for other activities. */
  getPostponed(): Api[]
  /**
   * The activity; a running sub-process's execution holds the process-like scopes its children run in, and a
   * multi-instance activity's execution its iterations waiting (with itself).
   */
  owner?: { execution?: { source?: { executions?: Scope[] }; getPostponed?(): { executionId: string }[] } }
}

/** The executions a postponed activity stands for: its own, and its waiting iterations when it loops. */
const executionsOf = (a: Api) => [
  a.executionId,
  ...(a.owner?.execution?.getPostponed?.() ?? []).map((x) => x.executionId),
]
interface Scope {
  getActivityById(id: string): { run(content: object): void } | undefined
}

/** Waiting activities, those inside (nested) sub-processes included: a user task in a sub-process waits there. */
function withinSubProcesses(apis: Api[], seen = new Set<string>()): Api[] {
  const all: Api[] = []
  for (const a of apis) {
    if (seen.has(a.executionId)) continue
    seen.add(a.executionId)
    all.push(a, ...withinSubProcesses(a.getPostponed(), seen))
  }
  return all
}
interface Execution {
  state: string
  getPostponed(): Api[]
  signal(m: unknown): void
  definitions: { getProcesses(): Scope[] }[]
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

/** The evaluator the engine resolves `${…}` with: the safe one (expressions.ts) over the scope's variables. */
function expressionsIn(scope: { vars: Record<string, unknown> }) {
  return {
    isExpression: (t: unknown) => typeof t === 'string' && /^\s*\$\{[\s\S]+\}\s*$/.test(t),
    hasExpression,
    resolveExpression(template: string, context?: { content?: Record<string, unknown> }) {
      return resolve(template, scopeOf(scope.vars, context?.content))
    },
  }
}
export const expressionsOver = (vars: Record<string, unknown>) => expressionsIn({ vars })

function localOf(content: Record<string, unknown>): Record<string, unknown> {
  const local: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(content)) if (!LOOP_KEYS.has(k)) local[k] = v
  return local
}

/**
 * Timers never run on the engine's own clock: the engine lives for one turn, so a setTimeout of its would fire in a
 * process that forgot the instance, or never. The engine's timers are recorded instead (never scheduled) and the
 * caller turns the new ones into durable jobs; a job fires one through `Driver.fire`.
 */
function heldTimers() {
  // Never scheduled: a held timer has no handle to clear.
  return new Timers({ setTimeout: (() => null) as unknown as typeof setTimeout, clearTimeout: () => undefined })
}
type HeldTimer = { callback(...args: unknown[]): void; args: unknown[]; owner: Record<string, unknown> | null }
const waitingOn = (timers: Timers): TimerWait[] =>
  (timers.executing as unknown as HeldTimer[]).flatMap((r) =>
    r.owner
      ? [
          {
            executionId: String(r.owner.executionId),
            activityId: String(r.owner.id),
            due: new Date(r.owner.expireAt as string | Date).getTime(),
          },
        ]
      : [],
  )

/**
 * A timer definition whose due time already passed when it starts or is recovered still waits for its job: the
 * library would fire it at once, inside whatever operation happened to recover the instance first.
 */
class DurableTimer extends (TimerEventDefinition as unknown as new (...a: unknown[]) => {
  _getTimers(m: unknown): { timeout?: number }
}) {
  _getTimers(m: unknown) {
    const r = super._getTimers(m)
    if (typeof r.timeout === 'number' && r.timeout <= 0) r.timeout = 1
    return r
  }
}

/** Element types every turn's engine runs with. */
const ELEMENTS = { TimerEventDefinition: DurableTimer }

type SourceContext = NonNullable<NonNullable<ConstructorParameters<typeof Engine>[0]>['sourceContext']>
const sources = new Map<string, Promise<SourceContext>>()
const SOURCES_MAX = 200

/**
 * The definition as the turns' engines run it, parsed from the XML and its types resolved (ELEMENTS) once per
 * deployment id in this process, then handed to every engine as its sourceContext: bpmn-elements keeps what an
 * instance does in each engine's own Context, never in the source, so engines share it read-only. Without it every
 * start parsed the XML and every recovery JSON-parsed the serialized context again (a fifth of a completion's CPU).
 * A deployment's XML never changes, so this is a cache any process rebuilds.
 */
function runnable(definitionId: string, xml: string): Promise<SourceContext> {
  let hit = sources.get(definitionId)
  if (!hit) {
    hit = new Engine({ source: xml, moddleOptions, elements: ELEMENTS, Logger: silentLogger })
      .getDefinitions()
      .then((defs) => {
        const source = defs[0].environment.options.source as SourceContext & { id?: string }
        // A recovery finds its source by the definitions' id; one without an id runs (and is saved) as 'Def'.
        source.id ??= 'Def'
        return source
      })
    hit.catch(() => sources.delete(definitionId))
    if (sources.size >= SOURCES_MAX) sources.delete(sources.keys().next().value as string)
    sources.set(definitionId, hit)
  }
  return hit
}

/**
 * Stops a running engine so nothing of it outlives the turn. Not awaited: the stop itself is synchronous (smqp), and
 * the promise bpmn-engine answers for an engine that already completed never settles.
 */
function halt(engine: Engine) {
  if (engine.state === 'running') void engine.stop()
}

/**
 * An engine with what its turns track: the user tasks and call activities waiting, what the turn did, the errors it
 * raised, and the variables its expressions read (the current turn's, set as the turn begins).
 */
interface Live extends Idle {
  engine: Engine
  timers: Timers
  scope: { vars: Record<string, unknown> }
  waits: Map<string, Wait>
  calls: Map<string, CallWait>
  trace: Trace[]
  errors: unknown[]
  /** Set while discarding: what is left is not done, so not traced. */
  quiet: boolean
  /** The engine's execution once started or recovered; a kept engine has one. */
  execution?: Execution
}

/**
 * Engines between turns (idle-engines.ts); ATRIUM_WORKFLOW_IDLE_ENGINES bounds them (0 turns reuse off). A
 * waiting bpmn-engine holds about 0.6 MB (measured; as much without this file's subscriptions), so the bound is what
 * a school's busiest moment has in flight — fifty approvers each between a start and its approval — not its backlog.
 */
export const idleEngines = new IdleEngines<Live>(Number(process.env.ATRIUM_WORKFLOW_IDLE_ENGINES ?? 64))

function liveEngine(definitionId: string, graph: Graph, sourceContext: SourceContext): Live {
  const timers = heldTimers()
  const scope = { vars: {} as Record<string, unknown> }
  const engine = new Engine({
    name: definitionId,
    sourceContext,
    moddleOptions,
    expressions: expressionsIn(scope),
    timers,
    elements: ELEMENTS,
    Logger: silentLogger,
    settings: { enableDummyService: false },
  })
  const live: Live = {
    definitionId,
    engine,
    timers,
    scope,
    waits: new Map(),
    calls: new Map(),
    trace: [],
    errors: [],
    quiet: false,
    halt: () => halt(engine),
  }
  const { waits, calls, trace } = live
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
  on('activity.call', (c) =>
    calls.set(c.executionId as string, {
      executionId: c.executionId as string,
      activityId: c.id as string,
      calledElement: String(c.calledElement ?? ''),
    }),
  )
  // One subscription per event: each one more is a message more the engine's broker makes for every event.
  on('activity.leave', (c) => {
    waits.delete(c.executionId as string)
    calls.delete(c.executionId as string)
  })
  on('activity.end', (c) => {
    waits.delete(c.executionId as string)
    calls.delete(c.executionId as string)
    if (!live.quiet && !c.isMultiInstance) trace.push({ kind: 'end', id: c.id as string })
  })
  on('flow.take', (c) => {
    if (!live.quiet) trace.push({ kind: 'flow', id: c.id as string })
  })
  engine.on('error', (err: unknown) => live.errors.push(err))
  return live
}

/**
 * The state a finished instance keeps: none to speak of. Nothing turns a finished instance (every operation checks
 * it runs), so its engine's state would be written for no reader; and unlike an empty string, which `turn` takes for
 * "start a new one", this recovers to an engine that has ended: a turn on it finds the instance finished, nothing
 * waiting.
 */
const FINISHED = '{}'

/** Runs one turn. `state` null starts a new instance; `vars` is read (and may be changed) by expressions. */
export async function turn(
  definitionId: string,
  xml: string,
  state: string | null,
  vars: Record<string, unknown>,
  act?: (d: Driver) => void,
): Promise<Turn & { graph: Graph }> {
  const [{ graph }, sourceContext] = await Promise.all([deployed(definitionId, xml), runnable(definitionId, xml)])
  const kept = state ? idleEngines.take(definitionId, state) : undefined
  const live = kept ?? liveEngine(definitionId, graph, sourceContext)
  const { engine, timers, waits, calls, trace, errors } = live
  live.scope.vars = vars
  trace.length = 0
  errors.length = 0

  let execution = live.execution
  /** The timers waiting before `act` (recovered ones already have their jobs): timer id → due. */
  const before = new Map<string, number>()
  try {
    if (kept) for (const w of waitingOn(timers)) before.set(w.executionId, w.due)
    else if (state) {
      // No source in the saved state: the engine recovers each definition onto its sourceContext (by id).
      engine.recover(JSON.parse(state))
      execution = (await engine.resume()) as unknown as Execution
      for (const w of waitingOn(timers)) before.set(w.executionId, w.due)
    } else execution = (await engine.execute()) as unknown as Execution
    const ex = execution!
    if (act) {
      const started = [...waits.values()]
      trace.length = 0
      act({
        waits: started,
        signal: (id, executionId, message) => ex.signal({ id, executionId, message }),
        run: (id) => {
          const scopes = [
            ...ex.definitions[0].getProcesses(),
            ...withinSubProcesses(ex.getPostponed()).flatMap((a) => a.owner?.execution?.source?.executions ?? []),
          ]
          scopes
            .find((p) => p.getActivityById(id))
            ?.getActivityById(id)
            ?.run({})
        },
        discard: (ids) => {
          live.quiet = true
          try {
            for (const a of withinSubProcesses(ex.getPostponed())) if (ids.includes(a.id)) a.discard()
          } finally {
            live.quiet = false
          }
        },
        fire: (timerId) => {
          const held = (timers.executing as unknown as HeldTimer[]).find((r) => r.owner?.executionId === timerId)
          if (!held) return false
          held.callback(...held.args)
          return true
        },
      })
    }
  } catch (err) {
    errors.push(err)
  }
  const failure = errors[0]
  if (failure || !execution) {
    // An engine a turn failed in is never kept: what it became is not what any row holds.
    halt(engine)
    const inner = (failure as { inner?: unknown }).inner ?? failure
    if (inner instanceof ExpressionError)
      throw badRequest('workflow.expression', { expression: inner.expression, reason: inner.reason })
    const reason = (inner instanceof Error ? inner.message : String(inner)).split('\n')[0].slice(0, 200)
    throw badRequest('workflow.engine', { reason })
  }
  live.execution = execution
  // Whatever is still postponed is what waits; an execution not among them was left (a gateway, a completion, a
  // countersign iteration signalled: it ends without an activity.end of its own, and a kept engine must not carry it).
  const postponed = new Set(withinSubProcesses(execution.getPostponed()).flatMap(executionsOf))
  for (const k of waits.keys()) if (!postponed.has(k)) waits.delete(k)
  for (const k of calls.keys()) if (!postponed.has(k)) calls.delete(k)
  const finished = execution.state !== 'running'
  const waitingTimers = finished ? [] : waitingOn(timers)
  // Timers waiting when the turn began have their jobs; any other, or one now due at another time, needs one.
  const armed = waitingTimers.filter((w) => before.get(w.executionId) !== w.due)
  let text = FINISHED
  if (finished) halt(engine)
  else {
    const saved = (await engine.getState()) as unknown as { definitions: { source?: string }[] }
    for (const d of saved.definitions) delete d.source
    text = JSON.stringify(saved)
    idleEngines.keep(text, live)
  }
  return {
    state: text,
    waits: [...waits.values()],
    calls: [...calls.values()],
    trace: [...trace],
    finished,
    armed,
    graph,
  }
}
