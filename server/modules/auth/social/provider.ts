/**
 * Third-party sign-in sits outside the appliance (GitHub, WeChat, a school's
 * IdP), so each is an adapter behind this one interface; tests register a fake
 * adapter, a school enables a real one by configuration.
 */
export interface SocialProfile {
  /** The provider's stable id for the person. */
  uuid: string
  username?: string
  nickname?: string
  avatar?: string
  email?: string
}

export interface SocialProvider {
  source: string
  /** Exchanges the authorisation code the browser brought back for the person's profile. */
  exchange(code: string, state?: string, redirectUri?: string): Promise<SocialProfile>
}

const providers = new Map<string, SocialProvider>()

export const registerSocialProvider = (p: SocialProvider) => {
  providers.set(p.source, p)
}
export const socialProvider = (source: string) => providers.get(source)
