import { describe, expect, it } from 'vitest'
import { IdleEngines } from './idle-engines.ts'
import { LEAVE_XML } from './leave-xml.ts'
import { idleEngines, turn, type Driver, type Turn } from './runtime.ts'

const BPMN = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">${body}</definitions>`
const task = (id: string, extra = '') => `<userTask id="${id}" name="${id}" flowable:assignee="\${initiator}"${extra}/>`
const flow = (id: string, from: string, to: string) =>
  `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`

/** A countersign of `people` (all must complete), a parallel fork, and a task with a deadline timer on it. */
const MIXED = BPMN(`<process id="idle-mixed" isExecutable="true"><startEvent id="s"/>${flow('f0', 's', 'cs')}
  <userTask id="cs" flowable:assignee="\${person}"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="\${people}" flowable:elementVariable="person">
  <completionCondition>\${nrOfCompletedInstances == nrOfInstances}</completionCondition></multiInstanceLoopCharacteristics></userTask>
  ${flow('f1', 'cs', 'fork')}<parallelGateway id="fork"/>${flow('fa', 'fork', 'A')}${flow('fb', 'fork', 'B')}
  ${task('A')}${task('B')}<boundaryEvent id="late" attachedToRef="B"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>
  ${flow('fl', 'late', 'chase')}${task('chase')}${flow('fc', 'chase', 'e2')}<endEvent id="e2"/>
  ${flow('fa2', 'A', 'join')}${flow('fb2', 'B', 'join')}<parallelGateway id="join"/>${flow('f9', 'join', 'e')}<endEvent id="e"/></process>`)

/** What a turn means, without the ids the engine draws afresh on each run. */
const meaning = (t: Turn) => ({
  waits: t.waits.map((w) => w.activityId).sort(),
  trace: t.trace,
  finished: t.finished,
  armed: t.armed.map((a) => a.activityId),
  calls: t.calls,
})

/** What a step does to the engine, and the variables it sets (a completion's form values). */
interface Step {
  act(t: Turn): (d: Driver) => void
  vars?: Record<string, unknown>
}
const signal = (activityId: string, message: Record<string, unknown> = {}, nth = 0): Step => ({
  vars: message,
  act: (t) => (d) => {
    const w = t.waits.filter((x) => x.activityId === activityId)[nth]!
    d.signal(activityId, w.executionId, message)
  },
})
const fire: Step = {
  act: (t) => (d) => {
    expect(d.fire(t.armed[0]?.executionId ?? '')).toBe(true)
  },
}

/**
 * Each step runs twice over the same saved state: first on the engine kept from the step before, then — that state
 * no longer being kept (the first run took its engine) — on an engine recovered from it, as after a restart, in
 * another process, or when the first run's commit failed. Both must mean the same; the kept run goes on.
 */
async function kept(definitionId: string, xml: string, vars: Record<string, unknown>, steps: Step[]) {
  let t = await turn(definitionId, xml, null, vars)
  for (const step of steps) {
    const before = idleEngines.size
    Object.assign(vars, step.vars)
    const onKept = await turn(definitionId, xml, t.state, { ...vars }, step.act(t))
    const recovered = await turn(definitionId, xml, t.state, { ...vars }, step.act(t))
    expect(meaning(onKept)).toEqual(meaning(recovered))
    // The recovered run's engine is kept too (under its own state), unless the instance ended.
    expect(idleEngines.size).toBe(before + (onKept.finished ? -1 : 1))
    // A timer is armed once, by the turn that set it; it still waits in the turns after.
    t = { ...onKept, armed: onKept.armed.length ? onKept.armed : t.armed }
  }
  return t
}

describe('workflow engines kept between turns', () => {
  it('the leave process, approved and over three days: a kept engine moves as a recovered one', async () => {
    const end = await kept('idle-leave', LEAVE_XML, { days: 5, taskUser: 'm', applyUser: 'a', initiator: 'a' }, [
      signal('managerApproval', { pass: true }),
      signal('principalApproval', { pass: true }),
    ])
    expect(end.finished).toBe(true)
  })

  it('a countersign iteration by iteration, a parallel fork, a timer fired on a kept engine', async () => {
    const end = await kept('idle-mixed', MIXED, { people: ['p1', 'p2', 'p3'], initiator: 'i' }, [
      signal('cs', { nrOfInstances: 3, nrOfCompletedInstances: 1, nrOfActiveInstances: 2 }, 2),
      signal('cs', { nrOfInstances: 3, nrOfCompletedInstances: 2, nrOfActiveInstances: 1 }, 0),
      signal('cs', { nrOfInstances: 3, nrOfCompletedInstances: 3, nrOfActiveInstances: 0 }),
      signal('A'),
      fire,
      signal('chase'),
    ])
    // The deadline took B away: its chase ends the instance.
    expect(end.trace.map((x) => x.id)).toEqual(['chase', 'fc', 'e2'])
  })

  it('an engine is reused only for the very state it saved, never for another definition; the oldest goes first', () => {
    const halted: string[] = []
    const engine = (name: string) => ({ definitionId: 'd', name, halt: () => halted.push(name) })
    const cache = new IdleEngines<ReturnType<typeof engine>>(2)
    cache.keep('s1', engine('one'))
    cache.keep('s2', engine('two'))
    expect(cache.take('d', 's3')).toBeUndefined()
    // Taken out while a turn uses it: a second turn on the same state finds nothing.
    expect(cache.take('d', 's1')?.name).toBe('one')
    expect(cache.take('d', 's1')).toBeUndefined()
    // Kept under another definition's name, it is dropped rather than misused.
    expect(cache.take('other', 's2')).toBeUndefined()
    expect(halted).toEqual(['two'])
    for (const n of ['a', 'b', 'c']) cache.keep(n, engine(n))
    expect(halted).toEqual(['two', 'a'])
    cache.resize(0)
    expect(cache.size).toBe(0)
    expect(halted).toEqual(['two', 'a', 'b', 'c'])
  })
})
