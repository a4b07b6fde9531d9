import type { AnyElysia } from 'elysia'
import type { Services } from '../lib/context.ts'
import { authModule } from './auth/index.ts'
import { healthModule } from './health/index.ts'
import { systemModule } from './system/index.ts'
import { logModule } from './log/index.ts'
import { resourceModule } from './resource/index.ts'
import { messageModule } from './message/index.ts'
import { backupModule } from './backup/index.ts'
import { examModule } from './exam/index.ts'
import { iotModule } from './iot/index.ts'
import { labModule } from './lab/index.ts'
import { courseModule } from './course/index.ts'
import { contentModule } from './content/index.ts'
import { portalModule } from './portal/index.ts'
import { deskModule } from './desk/index.ts'
import { workflowModule } from './workflow/index.ts'
import { mailModule } from './mail/index.ts'
import { mailInboxModule } from './mail/inbox/index.ts'
import { smsModule } from './sms/index.ts'
import { payModule } from './pay/index.ts'
import { reportModule } from './report/index.ts'
import { assistantModule } from './assistant/index.ts'
import { developModule } from './develop/index.ts'

/** Every API module, in the order they are mounted. A new area adds one line here. */
export const modules: ((s: Services) => AnyElysia)[] = [
  healthModule,
  authModule,
  systemModule,
  logModule,
  resourceModule,
  messageModule,
  backupModule,
  examModule,
  iotModule,
  labModule,
  courseModule,
  contentModule,
  portalModule,
  deskModule,
  workflowModule,
  mailModule,
  mailInboxModule,
  smsModule,
  payModule,
  reportModule,
  developModule,
  assistantModule,
]
