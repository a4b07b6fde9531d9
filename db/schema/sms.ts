import { integer, table, text } from './dialect.ts'
import { commonColumns, liveUnique, scopedListIndex } from './common.ts'

/**
 * A school's SMS provider accounts (blade-resource/sms), BladeX's shape: `smsCode` names the account a sender picks
 * (send-message's `code`), `category` the provider (dictionary sms_category: 3 Aliyun, 4 Tencent Cloud, BladeX's
 * numbers). At most one per school is enabled: verification codes go out through it, or to the log with none.
 */
export const sms = table(
  'blade_sms',
  {
    ...commonColumns(),
    smsCode: text().notNull(),
    category: integer().notNull().default(3),
    /** The provider's template: Aliyun's TemplateCode (SMS_123), Tencent's numeric TemplateId. */
    templateId: text().notNull(),
    /** Both keys sealed at rest (AES-256-GCM under the data directory's secret); never answered to a client. */
    accessKey: text().notNull(),
    secretKey: text().notNull(),
    regionId: text(),
    signName: text().notNull(),
    /** Tencent's SmsSdkAppId; Aliyun has none. */
    appId: text(),
    /** The provider's API address; empty means its public one. Checked against the outbound policy. */
    endpoint: text(),
    isEnabled: integer().notNull().default(0),
  },
  (t) => [scopedListIndex('sms', t), liveUnique('ux_sms_code_name', t.tenantId, t.smsCode)],
)
