import { FluentProvider, type Theme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { queryClient } from './data'
import { onNotify, type Note } from './notify'

// The toaster's code loads with the first notice: a page that says nothing (a guest's first visit) never fetches it.
const Toasts = lazy(() => import('./Toasts'))

/** Everything notify.* says (the API client's error toasts included), kept in order until the toaster shows it. */
function Notifications() {
  const [notes, setNotes] = useState<Note[]>([])
  useEffect(() => onNotify((n) => setNotes((list) => [...list, n])), [])
  if (!notes.length) return null
  return (
    <Suspense>
      <Toasts notes={notes} />
    </Suspense>
  )
}

/**
 * What both entries (portal and back office, web/entries.ts) wrap their
 * router in: the theme, the one query cache of the data layer and the toaster.
 */
export default function AppFrame({ theme, children }: { theme: Theme; children: ReactNode }) {
  return (
    <FluentProvider theme={theme} style={{ minHeight: '100vh' }}>
      <QueryClientProvider client={queryClient}>
        <Notifications />
        {children}
      </QueryClientProvider>
    </FluentProvider>
  )
}
