import type { FlowStep } from '../api'

/** The marker classes the diagram's stylesheet colours (diagram.css). */
export type Mark = 'wf-success' | 'wf-primary' | 'wf-warning'

/**
 * The spec's chart rules (§4 "Workflow chart") over an instance's flow data: a finished node is success, the
 * current node (a step without an end time) primary, a sequence flow taken a warning line, a candidate node (one
 * that may come next) nothing. A node entered again after it finished (a rollback) is current again: primary wins.
 */
export function marksOf(flow: FlowStep[]): Map<string, Mark> {
  const marks = new Map<string, Mark>()
  for (const step of flow) {
    const id = step.historyActivityId
    if (!id || step.historyActivityType === 'candidate') continue
    if (step.historyActivityType === 'sequenceFlow') marks.set(id, 'wf-warning')
    else if (!step.endTime) marks.set(id, 'wf-primary')
    else if (marks.get(id) !== 'wf-primary') marks.set(id, 'wf-success')
  }
  return marks
}
