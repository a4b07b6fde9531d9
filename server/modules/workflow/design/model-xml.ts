import { badRequest } from '../../../lib/errors.ts'
import { parseDefinition } from '../engine/definitions.ts'
import './messages.ts'

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * The XML a new model starts from when none is given: its process (id = the model key) with one start event,
 * drawn, so the modeller opens on something to extend.
 */
export function blankModelXml(key: string, name: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:flowable="http://flowable.org/bpmn" id="Definitions_${key}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}" name="${escape(name)}" isExecutable="true">
    <bpmn:startEvent id="start" name="开始" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${key}">
    <bpmndi:BPMNPlane id="Plane_${key}" bpmnElement="${key}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`
}

/**
 * A model's XML, parsed and checked as a deployment would be (the runtime's parser: 400 naming `xml`), whose
 * process id must be the model key — deployments of the model are filed under that key.
 */
export async function checkModelXml(xml: unknown, key: string): Promise<void> {
  const graph = await parseDefinition(xml)
  if (graph.processKey !== key)
    throw badRequest('workflow.design.keyMismatch', { id: graph.processKey, key, field: 'xml' }, 'xml')
}
