import { FluentProvider, Toast, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect } from 'react'
import { RouterProvider } from 'react-router-dom'
import { queryClient } from './shared/data'
import { onNotify } from './shared/notify'
import { useTheme } from './admin/shell/theme'
import { installErrorCapture } from './admin/widgets/ErrorLog'
import { router } from './router'

installErrorCapture()

/** The one Toaster: everything notify.* says (the API client's error toasts included) shows here. */
function Notifications() {
  const toasterId = useId('toaster')
  const { dispatchToast } = useToastController(toasterId)
  useEffect(
    () =>
      onNotify((n) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{n.text}</ToastTitle>
          </Toast>,
          { intent: n.intent, timeout: n.timeout, position: 'top' },
        ),
      ),
    [dispatchToast],
  )
  return <Toaster toasterId={toasterId} />
}

export default function App() {
  const theme = useTheme()
  return (
    <FluentProvider theme={theme.fluent} style={{ minHeight: '100vh' }}>
      <QueryClientProvider client={queryClient}>
        <Notifications />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </FluentProvider>
  )
}
