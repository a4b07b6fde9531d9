import { screenFields } from '../../shared/resource/fields'
import { clientFields } from '../../../../db/fields/system'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from './fields'

/** OAuth clients the sign-in accepts (Basic client check). */
export const clientScreen: ResourceScreen = {
  base: '/api/blade-system/client',
  perm: 'system:client',
  title: L('应用管理', 'Clients'),
  fields: screenFields(clientFields, {
    clientId: { search: true, addOnly: true },
    clientSecret: {},
    scope: {},
    authorizedGrantTypes: { span: 24 },
    accessTokenValidity: {},
    refreshTokenValidity: {},
    webServerRedirectUri: { list: false, span: 24 },
  }),
}

export default function Client() {
  return <ResourcePage screen={clientScreen} />
}
