import { cardFields, evaluateFields, wareFields } from '../../../db/fields/course.ts'
import { defineMessages } from '../../lib/messages.ts'

// Required-field messages come from db/fields/course.ts; these keys are the ones thrown by hand (same wording).

defineMessages({
  'course.cover': { zh: '请上传图片', en: 'please upload an image' },
  'course.coverMax': { zh: '最多上传 {max} 张图片', en: 'at most {max} images' },
  'course.teacher': { zh: '请选择角色为教师的用户', en: 'please choose a user with the teacher role' },
  'ware.screen': wareFields.screen.required,
  'ware.type': wareFields.type.required,
  'ware.file': { zh: '请上传文件', en: 'please upload a file' },
  'ware.fileKind': { zh: '请上传课件文件', en: 'please upload a courseware file' },
  'enrol.already': { zh: '您已报名该课程', en: 'you are already enrolled in this course' },
  'enrol.paid': { zh: '该课程需付费报名，请先下单支付', en: 'this course is paid: place an order and pay to join' },
  'enrol.pending': { zh: '报名成功，请等待老师审核', en: "enrolled: waiting for the teacher's approval" },
  'enrol.done': { zh: '报名成功', en: 'enrolled successfully' },
  'enrol.notEnrolled': { zh: '请先报名该课程', en: 'please enrol in this course first' },
  'enrol.notApproved': {
    zh: '报名审核中，通过后才能学习',
    en: 'your enrolment awaits approval; you can learn once it is approved',
  },
  'enrol.status': { zh: '审核结果只能是通过或驳回', en: 'the review outcome must be approve or reject' },
  'card.unknown': { zh: '卡号不存在', en: 'no such card number' },
  'card.used': { zh: '该卡已被使用', en: 'this card has already been used' },
  'card.expired': { zh: '该卡已过期', en: 'this card has expired' },
  'card.ok': { zh: '卡号可用：{course}', en: 'the card is valid for {course}' },
  'card.redeemed': { zh: '激活成功，已加入课程 {course}', en: 'activated: you are now enrolled in {course}' },
  'card.count': cardFields.count.range.message,
  'card.number': cardFields.cardNumber.required,
  'rating.notEnrolled': { zh: '只有报名该课程的学员才能评价', en: 'only learners enrolled in this course can rate it' },
  'rating.stars': evaluateFields.targetEvaluate.range.message,
  'hot.move': { zh: '移动方向只能是 up 或 down', en: 'the direction must be up or down' },
  'hot.end': { zh: '位置只能是 top 或 bottom', en: 'the place must be top or bottom' },
})
