import { sms } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { SYSTEM_USER } from '../../lib/reference/system-user.ts'
import { now } from '../../lib/time.ts'

/**
 * First start: a sample Aliyun account in the demo school, not enabled and without keys (the keys are sealed under
 * the data directory's secret, which the seed does not hold): the screen shows the shape, and an administrator
 * enters the school's own keys before enabling it. Until then codes go to the log.
 */
export async function seedDemoSms(db: Db, tenantId = '000000') {
  const stamp = now()
  await db.insert(sms).values({
    id: newId(),
    tenantId,
    createUser: SYSTEM_USER,
    createTime: stamp,
    updateUser: SYSTEM_USER,
    updateTime: stamp,
    smsCode: 'aliyun',
    category: 3,
    templateId: 'SMS_000000',
    signName: 'Atrium',
    accessKey: '',
    secretKey: '',
    isEnabled: 0,
    remark: '示例：填入阿里云 AccessKey 后启用 / sample: enter the Aliyun AccessKey, then enable it',
  })
}
