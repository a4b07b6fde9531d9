/**
 * bpmn-moddle ships no types: what the interchange test uses of it — reading BPMN XML into the metamodel's
 * elements (with the warnings for what it could not place) and writing them back.
 */
declare module 'bpmn-moddle' {
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>)
    fromXML(xml: string, type?: string): Promise<{ rootElement: unknown; warnings: { message: string }[] }>
    toXML(element: unknown, options?: { format?: boolean }): Promise<{ xml: string }>
  }
}
