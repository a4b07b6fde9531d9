import { defineMessages } from '../../../lib/messages.ts'

/** What the workflow runtime answers (keys workflow.*; the design side keeps workflow.design.*). */
defineMessages({
  'workflow.xmlInvalid': {
    zh: '流程定义不是合法的 BPMN：{reason}',
    en: 'the process definition is not valid BPMN: {reason}',
  },
  'workflow.xmlNoProcess': { zh: '流程定义中没有可执行的流程', en: 'the definition holds no executable process' },
  'workflow.xmlProcessKey': {
    zh: '流程标识只能包含字母、数字、下划线、点和横线，且以字母或下划线开头',
    en: 'the process id may hold letters, digits, _ . and -, starting with a letter or _',
  },
  'workflow.xmlNoStart': { zh: '流程缺少开始事件', en: 'the process has no start event' },
  'workflow.expression': {
    zh: '流程表达式有误（{expression}）：{reason}',
    en: 'bad expression ({expression}): {reason}',
  },
  'workflow.deployClash': {
    zh: '该流程正在被同时部署，请重试',
    en: 'this process is being deployed at the same time, please try again',
  },
  'workflow.definitionSuspended': {
    zh: '该流程定义已挂起，不能发起新流程',
    en: 'this process definition is suspended: no new instances can start',
  },
  'workflow.stale': {
    zh: '流程已被他人处理，请刷新后再试',
    en: 'someone else acted on this process first; refresh and try again',
  },
  'workflow.taskDone': { zh: '该任务已办理', en: 'this task has already been handled' },
  'workflow.taskClaimed': { zh: '该任务已被他人签收', en: 'this task has already been claimed' },
  'workflow.taskSuspended': { zh: '该任务已挂起', en: 'this task is suspended' },
  'workflow.notRunning': { zh: '流程已结束或已挂起', en: 'the process has ended or is suspended' },
  'workflow.notMultiInstance': { zh: '该任务不是会签任务', en: 'this task is not a countersign task' },
  'workflow.lastParticipant': {
    zh: '会签至少需要保留一名参与人',
    en: 'a countersign needs at least one participant',
  },
  'workflow.notBackNode': {
    zh: '不能退回到该节点',
    en: 'the task cannot be sent back to that node',
  },
  'workflow.withdrawTooLate': {
    zh: '下一环节已处理，不能撤回',
    en: 'the next step has already been acted on, it cannot be withdrawn',
  },
  'workflow.delegationPending': {
    zh: '任务已委托，需由被委托人处理',
    en: 'the task is delegated: the delegate handles it',
  },
  'workflow.notDelegated': { zh: '该任务没有待处理的委托', en: 'this task has no pending delegation' },
  'workflow.userUnknown': { zh: '用户不存在', en: 'no such user' },
  'workflow.taskId': { zh: '请选择任务', en: 'please choose a task' },
  'workflow.processInstanceId': { zh: '请选择流程实例', en: 'please choose a process instance' },
  'workflow.processDefinitionId': { zh: '请选择流程定义', en: 'please choose a process definition' },
  'workflow.reason': { zh: '请输入原因', en: 'please enter a reason' },
  'workflow.engine': { zh: '流程引擎执行出错：{reason}', en: 'the process engine failed: {reason}' },
  'workflow.urgeTitle': { zh: '流程催办：{name}', en: 'Reminder: {name}' },
  'workflow.urgeContent': {
    zh: '{from} 催办您的待办任务“{task}”（流程：{name}），请尽快处理。',
    en: '{from} asks you to handle your task "{task}" (process: {name}) soon.',
  },
  'workflow.startComment': { zh: '发起流程', en: 'started the process' },
})
