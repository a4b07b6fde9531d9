import { FluentProvider, createLightTheme } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { brandRamp } from '../../admin/shell/brand-colour'

// The spec's main colour #1B79C3: white text on it reads at 4.6:1 (WCAG AA), where the
// lighter theme colour #409EFF does not (2.8:1). The back office keeps the chosen theme.
export const portalTheme = createLightTheme(brandRamp('#1B79C3'))

/** The learner portal's look: the main colour as brand, so buttons and links keep readable contrast. */
export default function PortalTheme({ children }: { children: ReactNode }) {
  return (
    <FluentProvider theme={portalTheme} style={{ minHeight: '100vh' }}>
      {children}
    </FluentProvider>
  )
}
