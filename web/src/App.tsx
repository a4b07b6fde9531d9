import { RouterProvider } from 'react-router-dom'
import { useTheme } from './admin/shell/theme'
import { installErrorCapture } from './admin/widgets/error-log-store'
import AppFrame from './shared/AppFrame'
import { router } from './router'

installErrorCapture()

/** The back office (index.html): the chosen theme around the staff router. */
export default function App() {
  const theme = useTheme()
  return (
    <AppFrame theme={theme.fluent}>
      <RouterProvider router={router} />
    </AppFrame>
  )
}
