import { createRoot } from 'react-dom/client'
import { installErrorCapture } from './admin/widgets/error-log-store'
import { portalTheme } from './portal/content/PortalTheme'
import AppFrame from './shared/AppFrame'
import { BrowserRouter } from 'react-router-dom'
import { PortalRoutes } from './router/portal'

installErrorCapture()

// The learner portal's entry (portal.html): it carries no back-office code, so a guest's first page stays small.
createRoot(document.getElementById('root')!).render(
  <AppFrame theme={portalTheme}>
    <BrowserRouter>
      <PortalRoutes />
    </BrowserRouter>
  </AppFrame>,
)
