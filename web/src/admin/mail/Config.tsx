import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components'
import { CloudArrowDownRegular, MailRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { mailConfigFields } from '../../../../db/fields/mail'
import { L } from '../../../../db/fields/types'
import { useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import ComposeDialog from './ComposeDialog'
import EnableAction from '../widgets/EnableAction'

const BASE = '/api/blade-email/config'

/**
 * A school's mail accounts: the enabled one sends what no strategy routes; a provider's defaults can be copied in
 * (then the login and sender are filled in); a test mail goes through the outbox so its result shows there.
 */
export default function Config() {
  const say = useSay()
  const perms = usePermissions()
  const [testing, setTesting] = useState<string>()
  const providers = useFetch<{ records: { id: string; name: string }[] }>(
    perms.has('mail:config:add') ? '/api/blade-email/plat-from/list' : undefined,
    { size: 100 },
    { silent: true },
  ).data?.records
  const screen: ResourceScreen = {
    base: BASE,
    perm: 'mail:config',
    title: L('邮箱账户', 'Mail accounts'),
    fields: screenFields(mailConfigFields, {
      name: { search: true },
      host: { search: true },
      port: { width: 80 },
      tlsMode: { width: 110 },
      username: { list: false },
      password: { list: false, view: false },
      fromAddress: {},
      fromName: { list: false },
      imapHost: { list: false },
      imapPort: { list: false },
      imapTls: { list: false },
      isEnabled: { form: false, width: 90 },
      remark: { list: false, span: 24 },
    }),
    toolbar: (ctx) =>
      providers?.length ? (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button icon={<CloudArrowDownRegular />} data-testid="copy-provider">
              {say(L('从服务商复制', 'Copy from a provider'))}
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {providers.map((p) => (
                <MenuItem
                  key={p.id}
                  onClick={async () => {
                    await write('/api/blade-email/plat-from/copy', { body: { id: p.id } }, { invalidates: [BASE] })
                    notify.success(say(L('已复制，请填写登录账号和密码', 'Copied: fill in the login and password')))
                    ctx.reload()
                  }}
                >
                  {p.name}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      ) : null,
    rowActions: (row, ctx) => (
      <>
        <EnableAction row={row} ctx={ctx} base={BASE} perm="mail:config" inUse={L('默认账户', 'Default')} />
        {perms.has('mail:config:send') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<MailRegular />}
            data-testid="row-test-mail"
            onClick={() => setTesting(String(row.id))}
          >
            {say(L('测试', 'Test'))}
          </Button>
        )}
      </>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {testing && (
        <ComposeDialog configId={testing} onClose={() => setTesting(undefined)} onSent={() => setTesting(undefined)} />
      )}
    </>
  )
}
