import { api } from '../../shared/api'
import { session } from '../../shared/session'

/** Ends the server session, then clears token, menus, roles, tabs and lock (session reset hooks). */
export async function logout() {
  await api.get('/api/blade-auth/oauth/logout', undefined, { silent: true }).catch(() => undefined)
  session.clear()
}
