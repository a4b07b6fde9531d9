import type { FluentIcon } from '@fluentui/react-icons'
import {
  AppsRegular, BadgeRegular, BookRegular, BoxRegular, BugRegular, BuildingRegular, DataBarVerticalRegular, DatabaseRegular, DesktopRegular,
  DocumentRegular, GlobeRegular, HeartPulseRegular, ListRegular, MailRegular, OptionsRegular, OrganizationRegular, PeopleRegular,
  PersonKeyRegular, PlugConnectedRegular, PulseRegular, SettingsRegular, ShieldRegular, TabsRegular, CircleSmallRegular,
} from '@fluentui/react-icons'

/** Menu `source` names (as seeded) → Fluent icons; anything unknown gets a dot. */
const ICONS: Record<string, FluentIcon> = {
  apps: AppsRegular, badge: BadgeRegular, book: BookRegular, box: BoxRegular, bug: BugRegular, building: BuildingRegular, chart: DataBarVerticalRegular,
  database: DatabaseRegular, desktop: DesktopRegular, document: DocumentRegular, globe: GlobeRegular, heart: HeartPulseRegular, list: ListRegular,
  mail: MailRegular, options: OptionsRegular, org: OrganizationRegular, people: PeopleRegular, 'person-key': PersonKeyRegular, plug: PlugConnectedRegular,
  pulse: PulseRegular, settings: SettingsRegular, shield: ShieldRegular, tab: TabsRegular,
}

export const MenuIcon = ({ name }: { name?: string | null }) => {
  const Icon = (name && ICONS[name]) || CircleSmallRegular
  return <Icon fontSize={18} />
}
