/** A two-step process for workflow tests: start → approve (the `approver` variable names who) → end. */
export const twoStep = (key: string, name = '两步审批') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" id="d_${key}" targetNamespace="http://atrium.local/bpmn">
  <process id="${key}" name="${name}" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <userTask id="approve" name="审批" flowable:assignee="\${approver}" />
    <sequenceFlow id="f2" sourceRef="approve" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`
