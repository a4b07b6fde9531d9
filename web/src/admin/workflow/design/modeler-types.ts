/** The parts of bpmn-js's services the modeller uses (its own typings leave services untyped). */
export interface BusinessObject {
  $type: string
  id: string
  name?: string
  conditionExpression?: { body?: string }
  get(name: string): unknown
}
export interface DiagramElement {
  id: string
  type: string
  businessObject: BusinessObject
}
export interface Modeling {
  updateProperties(element: DiagramElement, props: Record<string, unknown>): void
}
export interface ModelerCanvas {
  getRootElement(): DiagramElement
  zoom(level: string): void
}
export interface BpmnFactory {
  create(type: string, attrs: Record<string, unknown>): unknown
}
export interface EventBus {
  on(event: string, cb: (e: { newSelection?: DiagramElement[]; element?: DiagramElement }) => void): void
}
