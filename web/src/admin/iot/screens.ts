import { lazy } from 'react'

/** The IoT back-office screens, by menu path. */
export const iotScreens = {
  '/iot/product': lazy(() => import('./Product')),
  '/iot/device': lazy(() => import('./Device')),
  '/iot/command': lazy(() => import('./Command')),
  '/iot/device-log': lazy(() => import('./DeviceLog')),
  '/iot/ota': lazy(() => import('./Ota')),
  '/iot/client': lazy(() => import('./Client')),
}
