import { describe, expect, it } from 'vitest'
import { marksOf } from './highlight'

describe('workflow chart marks (spec §4)', () => {
  it('finished nodes success, the current node primary, flows taken warning, candidates nothing', () => {
    const marks = marksOf([
      { historyActivityId: 'start', historyActivityType: 'startEvent', endTime: '2026-11-27 10:00:00' },
      { historyActivityId: 'f1', historyActivityType: 'sequenceFlow', endTime: '2026-11-27 10:00:00' },
      { historyActivityId: 'apply', historyActivityType: 'userTask', endTime: '2026-11-27 10:01:00' },
      { historyActivityId: 'f2', historyActivityType: 'sequenceFlow' },
      { historyActivityId: 'manager', historyActivityType: 'userTask', endTime: null },
      { historyActivityId: 'principal', historyActivityType: 'candidate' },
    ])
    expect(Object.fromEntries(marks)).toEqual({
      start: 'wf-success',
      f1: 'wf-warning',
      apply: 'wf-success',
      f2: 'wf-warning',
      manager: 'wf-primary',
    })
  })

  it('a node entered again after a rollback is current, whichever order the steps come in', () => {
    const again = [
      { historyActivityId: 'apply', historyActivityType: 'userTask', endTime: '2026-11-27 10:01:00' },
      { historyActivityId: 'apply', historyActivityType: 'userTask' },
    ]
    expect(marksOf(again).get('apply')).toBe('wf-primary')
    expect(marksOf([...again].reverse()).get('apply')).toBe('wf-primary')
  })
})
