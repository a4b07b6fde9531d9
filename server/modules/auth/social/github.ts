import type { SocialProfile, SocialProvider } from './provider.ts'

/** GitHub's OAuth app flow; enabled when ATRIUM_GITHUB_CLIENT_ID and ATRIUM_GITHUB_CLIENT_SECRET are set. */
export function githubProvider(clientId: string, clientSecret: string): SocialProvider {
  return {
    source: 'github',
    async exchange(code: string): Promise<SocialProfile> {
      const tokenRes = await fetch('https://github.com/login/oauth/access_token', {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, code }),
      })
      const { access_token: token } = (await tokenRes.json()) as { access_token?: string }
      if (!token) throw new Error('github refused the code')
      const me = (await (
        await fetch('https://api.github.com/user', {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        })
      ).json()) as Record<string, unknown>
      return {
        uuid: String(me.id),
        username: String(me.login ?? ''),
        nickname: String(me.name ?? me.login ?? ''),
        avatar: String(me.avatar_url ?? ''),
        email: me.email ? String(me.email) : undefined,
      }
    },
  }
}
