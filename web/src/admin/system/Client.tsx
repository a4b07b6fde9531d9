import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L, need, remarkField } from './fields'

/** OAuth clients the sign-in accepts (Basic client check). */
export const clientScreen: ResourceScreen = {
  base: '/api/blade-system/client',
  perm: 'system:client',
  title: L('应用管理', 'Clients'),
  fields: [
    { name: 'clientId', label: L('应用编号', 'Client id'), search: true, addOnly: true, required: need('请输入客户端编号', 'please enter the client id') },
    { name: 'clientSecret', label: L('应用密钥', 'Client secret'), required: need('请输入客户端密钥', 'please enter the client secret') },
    { name: 'scope', label: L('授权范围', 'Scope'), default: 'all' },
    { name: 'authorizedGrantTypes', label: L('授权类型', 'Grant types'), default: 'refresh_token,password,captcha', span: 24 },
    { name: 'accessTokenValidity', label: L('令牌秒数', 'Access token seconds'), type: 'number', default: 3600 },
    { name: 'refreshTokenValidity', label: L('刷新令牌秒数', 'Refresh token seconds'), type: 'number', default: 604800 },
    { name: 'webServerRedirectUri', label: L('回调地址', 'Redirect URI'), rules: ['url'], list: false, span: 24 },
    remarkField,
  ],
}

export default function Client() {
  return <ResourcePage screen={clientScreen} />
}
