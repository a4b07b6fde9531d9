import { useBrokerTopic } from './broker'
import { invalidate, queryClient } from './data'
import { notify } from './notify'
import { useSay } from './resource/text'
import { session, useSession } from './session'

type Push = { type?: string; content?: string | { zh: string; en: string }; from?: string }

/**
 * The signed-in user's queue on the broker (user/<id>/inbox): a new message refreshes the bell at once (so
 * does the broker accepting the subscription, so a message sent while it was being made is not missed),
 * a force-logout from an administrator signs this browser out (its sessions already ended on the server),
 * a chat line shows as a notice, a param-setting push reloads what the screens show. Renders nothing.
 */
export default function LiveInbox() {
  const say = useSay()
  const { user } = useSession()
  useBrokerTopic(
    user ? `user/${user.user_id}/inbox` : null,
    (_topic, payload) => {
      const p = (payload ?? {}) as Push
      if (p.type === 'message') void invalidate('/api/blade-message/message')
      else if (p.type === 'force-logout') {
        notify.warning(
          say({ zh: '管理员已将您下线，请重新登录', en: 'an administrator signed you out; please sign in again' }),
        )
        session.clear()
      } else if (p.type === 'chat') notify.info(`${p.from ? `${p.from}：` : ''}${p.content ?? ''}`)
      else if (p.type === 'param-setting') {
        notify.info(
          say({ zh: '系统设置已更新', en: 'settings were updated' }) +
            (typeof p.content === 'string' && p.content ? `：${p.content}` : ''),
        )
        void queryClient.invalidateQueries()
      }
    },
    () => void invalidate('/api/blade-message/message'),
  )
  return null
}
