import { COMMON, defineFields, L } from './types.ts'

/**
 * SMS provider accounts (blade-resource/sms). The keys are never answered: the form leaves them empty and an
 * empty key on edit keeps the stored one, so they are required by the server on insert only (server/modules/sms).
 */
export const smsFields = defineFields({
  smsCode: {
    label: L('资源编号', 'Code'),
    required: L('请输入资源编号', 'please enter the code'),
    max: 64,
    pattern: {
      test: /^[A-Za-z0-9_-]+$/,
      message: L('资源编号只能包含字母、数字、- 和 _', 'the code takes letters, digits, - and _ only'),
    },
  },
  category: {
    label: L('服务商', 'Provider'),
    type: 'dict',
    dict: { code: 'sms_category' },
    required: L('请选择服务商', 'please choose the provider'),
    default: 3,
  },
  templateId: {
    label: L('模板ID', 'Template ID'),
    required: L('请输入模板ID', 'please enter the template ID'),
    max: 64,
  },
  signName: { label: L('短信签名', 'Sign name'), required: L('请输入短信签名', 'please enter the sign name'), max: 64 },
  accessKey: { label: L('accessKey（留空不修改）', 'Access key (empty = unchanged)'), type: 'password', max: 255 },
  secretKey: { label: L('secretKey（留空不修改）', 'Secret key (empty = unchanged)'), type: 'password', max: 255 },
  accessKeyHint: { label: L('accessKey', 'Access key') },
  regionId: { label: L('地域', 'Region'), max: 64 },
  appId: { label: L('应用ID（腾讯云 SdkAppId）', 'App ID (Tencent SdkAppId)'), max: 64 },
  endpoint: {
    label: L('接口地址（留空为官方地址）', 'API address (empty = the official one)'),
    rules: ['url'],
    max: 255,
  },
  isEnabled: { label: L('已启用', 'Enabled'), type: 'switch' },
  remark: COMMON.remark,
})

/** The send-message dialog (blade-resource/sms/send-message): which account, to whom, with which template values. */
export const smsSendFields = defineFields({
  code: { label: L('资源编号', 'Code'), required: L('请输入资源编号', 'please enter the code'), max: 64 },
  phones: {
    label: L('手机号（逗号分隔）', 'Phones (comma separated)'),
    required: L('请输入手机号', 'please enter the phone numbers'),
    type: 'textarea',
    max: 2000,
  },
  params: { label: L('模板参数（JSON）', 'Template values (JSON)'), type: 'textarea', max: 2000 },
})
