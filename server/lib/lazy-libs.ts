/**
 * Libraries only some requests need, loaded on first use instead of at start: each costs a cold start 50–350 ms
 * of module loading (exceljs alone about 300 ms; the SMS providers' SDKs about 200 ms together, alipay-sdk 80 ms)
 * that a health check, a sign-in or an exam never uses. Node caches the module, so the second call costs nothing.
 */
export const loadExcel = async () => (await import('exceljs')).default
export const loadPdfmake = async () => (await import('pdfmake')).default
export async function loadAliyunSms() {
  const [sms, core] = await Promise.all([import('@alicloud/dysmsapi20170525'), import('@alicloud/openapi-core')])
  return { Dysmsapi: sms.default, SendSmsRequest: sms.SendSmsRequest, OpenApiConfig: core.$OpenApiUtil.Config }
}
export const loadTencentSms = async () => (await import('tencentcloud-sdk-nodejs-sms')).sms
export const loadAlipay = async () => (await import('alipay-sdk')).AlipaySdk
