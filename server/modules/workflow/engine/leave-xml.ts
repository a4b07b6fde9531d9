/**
 * The leave sample's definition (BPMN 2.0 with Flowable attributes and its diagram), deployed by leave-sample.ts.
 * Every named element's label has its own bounds (BPMNLabel) beside its shape: without them bpmn-js puts an event's or
 * gateway's label right under it, where the gateway's branch down to the principal and the principal's flow up into
 * the end run. A school that already has a leave deployment keeps its own (leave-sample.ts), and so do its instances.
 */
export const LEAVE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="leaveDefinitions" targetNamespace="http://atrium.local/workflow">
  <process id="leave" name="请假流程" isExecutable="true">
    <startEvent id="apply" name="发起申请" flowable:formKey="leave" flowable:initiator="applyUser" />
    <sequenceFlow id="toManager" sourceRef="apply" targetRef="managerApproval" />
    <userTask id="managerApproval" name="主管审批" flowable:assignee="\${taskUser}" />
    <sequenceFlow id="toCheck" sourceRef="managerApproval" targetRef="checkDays" />
    <exclusiveGateway id="checkDays" name="超过三天？" />
    <sequenceFlow id="toPrincipal" name="超过 3 天" sourceRef="checkDays" targetRef="principalApproval">
      <conditionExpression xsi:type="tFormalExpression">\${pass &amp;&amp; days &gt; 3}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="toEnd" name="3 天以内或驳回" sourceRef="checkDays" targetRef="end">
      <conditionExpression xsi:type="tFormalExpression">\${!pass || days &lt;= 3}</conditionExpression>
    </sequenceFlow>
    <userTask id="principalApproval" name="校长审批" flowable:candidateGroups="administrator,admin" />
    <sequenceFlow id="principalToEnd" sourceRef="principalApproval" targetRef="end" />
    <endEvent id="end" name="结束" />
  </process>
  <bpmndi:BPMNDiagram id="leaveDiagram">
    <bpmndi:BPMNPlane id="leavePlane" bpmnElement="leave">
      <bpmndi:BPMNShape id="apply_di" bpmnElement="apply"><dc:Bounds x="100" y="162" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="92" y="205" width="52" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="managerApproval_di" bpmnElement="managerApproval"><dc:Bounds x="190" y="140" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="checkDays_di" bpmnElement="checkDays" isMarkerVisible="true"><dc:Bounds x="345" y="155" width="50" height="50" /><bpmndi:BPMNLabel><dc:Bounds x="338" y="128" width="64" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="principalApproval_di" bpmnElement="principalApproval"><dc:Bounds x="450" y="260" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="612" y="162" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="656" y="173" width="28" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="toManager_di" bpmnElement="toManager"><di:waypoint x="136" y="180" /><di:waypoint x="190" y="180" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toCheck_di" bpmnElement="toCheck"><di:waypoint x="290" y="180" /><di:waypoint x="345" y="180" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toPrincipal_di" bpmnElement="toPrincipal"><di:waypoint x="370" y="205" /><di:waypoint x="370" y="300" /><di:waypoint x="450" y="300" /><bpmndi:BPMNLabel><dc:Bounds x="378" y="240" width="52" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toEnd_di" bpmnElement="toEnd"><di:waypoint x="395" y="180" /><di:waypoint x="612" y="180" /><bpmndi:BPMNLabel><dc:Bounds x="462" y="158" width="86" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="principalToEnd_di" bpmnElement="principalToEnd"><di:waypoint x="550" y="300" /><di:waypoint x="630" y="300" /><di:waypoint x="630" y="198" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`
