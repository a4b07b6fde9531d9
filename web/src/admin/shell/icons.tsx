import type { FluentIcon } from '@fluentui/react-icons'
import {
  AppsRegular, ArrowCircleUpRegular, ArrowDownloadRegular, AttachRegular, BadgeRegular, BeakerRegular, BookRegular, BoxRegular, BugRegular,
  BuildingRegular, CalendarRegular, CardUiRegular, CircleSmallRegular, ClipboardTaskRegular, CloudRegular, ContactCardRegular, DataBarVerticalRegular,
  DatabaseRegular, DesktopRegular, DeveloperBoardRegular, DocumentRegular, DocumentTextRegular, FireRegular, FlagRegular, FolderRegular, GlobeRegular,
  HatGraduationRegular, HeartPulseRegular, ImageRegular, ListRegular, MailRegular, NewsRegular, OptionsRegular, OrganizationRegular, PeopleRegular,
  PeopleTeamRegular, PersonKeyRegular, PhoneLaptopRegular, PlugConnectedRegular, PulseRegular, QuestionCircleRegular, RouterRegular, SendRegular,
  SettingsRegular, ShieldRegular, StackRegular, StarRegular, TabsRegular, TaskListLtrRegular, VideoRegular,
} from '@fluentui/react-icons'

/**
 * Menu `source` names (as declared in db/reference/areas/*) → Fluent icons;
 * anything unknown gets a dot. Areas pick from these names; add one here when
 * an area needs an icon no name covers.
 */
const ICONS: Record<string, FluentIcon> = {
  apps: AppsRegular, attach: AttachRegular, badge: BadgeRegular, beaker: BeakerRegular, book: BookRegular, box: BoxRegular, bug: BugRegular,
  building: BuildingRegular, calendar: CalendarRegular, card: CardUiRegular, chart: DataBarVerticalRegular, checklist: TaskListLtrRegular,
  cloud: CloudRegular, contact: ContactCardRegular, course: HatGraduationRegular, database: DatabaseRegular, desktop: DesktopRegular,
  device: PhoneLaptopRegular, document: DocumentRegular, download: ArrowDownloadRegular, exam: ClipboardTaskRegular, fire: FireRegular,
  flag: FlagRegular, folder: FolderRegular, globe: GlobeRegular, heart: HeartPulseRegular, image: ImageRegular, iot: RouterRegular,
  list: ListRegular, log: DocumentTextRegular, mail: MailRegular, news: NewsRegular, options: OptionsRegular, org: OrganizationRegular,
  people: PeopleRegular, 'people-team': PeopleTeamRegular, 'person-key': PersonKeyRegular, plug: PlugConnectedRegular, pulse: PulseRegular,
  question: QuestionCircleRegular, send: SendRegular, settings: SettingsRegular, shield: ShieldRegular, stack: StackRegular, star: StarRegular,
  board: DeveloperBoardRegular, tab: TabsRegular, upgrade: ArrowCircleUpRegular, video: VideoRegular,
}

export const MenuIcon = ({ name }: { name?: string | null }) => {
  const Icon = (name && ICONS[name]) || CircleSmallRegular
  return <Icon fontSize={18} />
}
