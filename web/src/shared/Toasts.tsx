import { Toast, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components'
import { useEffect, useRef } from 'react'
import type { Note } from './notify'

/** The one Toaster: shows each notice of the list once, in order (AppFrame keeps the list). */
export default function Toasts({ notes }: { notes: Note[] }) {
  const toasterId = useId('toaster')
  const { dispatchToast } = useToastController(toasterId)
  const shown = useRef(0)
  useEffect(() => {
    for (; shown.current < notes.length; shown.current++) {
      const n = notes[shown.current]
      dispatchToast(
        <Toast>
          <ToastTitle>{n.text}</ToastTitle>
        </Toast>,
        { intent: n.intent, timeout: n.timeout, position: 'top' },
      )
    }
  }, [notes, dispatchToast])
  return <Toaster toasterId={toasterId} />
}
