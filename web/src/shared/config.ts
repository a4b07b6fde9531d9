/** Site configuration (spec §6 and §9). Flags are off as in the reference build. */
export const siteConfig = {
  clientId: 'saber',
  clientSecret: 'saber_secret',
  defaultTenantId: '000000',
  /** Token age in seconds at which the 10-second check refreshes it. */
  tokenTime: 3000,
  tokenCheckMs: 10_000,
  httpTimeoutMs: 500_000,
  /**
   * On: one appliance hosts several schools, so the sign-in form asks for the school's number unless the host name
   * already names the school (login/host-tenant.ts). Off, every sign-in would go to defaultTenantId.
   */
  tenantMode: true,
  captchaMode: false,
  switchMode: false,
  lockPage: '/lock',
  homePath: '/wel/index',
  portalHome: '/home/index',
  /** Codes the API client rejects without a toast. */
  silentCodes: [] as number[],
  pageSizes: [10, 30, 50, 100, 200],
  themeColor: '#409EFF',
  mainColor: '#1B79C3',
  hotline: '4006-916-913',
  serviceHours: '09:00-18:00',
  /** QR codes of the public account and the service chat (web/public; a school replaces the files with its own). */
  qrAccount: '/qr-account.svg',
  qrService: '/qr-service.svg',
  copyright: '2006-2022',
}
