import { api } from '../../shared/api'
import { dropOfflineCopies } from '../../shared/offline-copies'
import { session } from '../../shared/session'

/** How long sign-out waits for the server to end the session before it signs out here anyway. */
const SERVER_WAIT_MS = 5_000

/**
 * Signs out. The learner's offline exam copy goes at once; then the server session is ended (waited for a bounded
 * time: on a shared school computer a slow or unreachable appliance must not keep the last person signed in), then
 * token, menus, roles, tabs and lock are cleared (session reset hooks) and the caller navigates.
 */
export async function logout() {
  dropOfflineCopies()
  await api
    .get('/api/blade-auth/oauth/logout', undefined, { silent: true, signal: AbortSignal.timeout(SERVER_WAIT_MS) })
    .catch(() => undefined)
  session.clear()
}
