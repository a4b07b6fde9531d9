import { COMMON, defineFields, L } from './types.ts'

/** Lab environments (hm-images): a real image on the engine and the limits its containers get. */
export const imageFields = defineFields({
  title: { label: L('名称', 'Name'), required: L('请输入标题', 'please enter a title'), max: 100 },
  imageId: {
    label: L('镜像标识', 'Image reference'),
    required: L('请输入镜像标识', 'please enter the image reference'),
    max: 200,
  },
  type: { label: L('镜像来源', 'Source'), type: 'dict', dict: { code: 'image_from', biz: true }, default: '2' },
  experimentType: {
    label: L('实验类型', 'Experiment type'),
    type: 'dict',
    dict: { code: 'experiment_type', biz: true },
    default: '1',
  },
  spec: { label: L('规格说明', 'Spec'), max: 100 },
  buildState: {
    label: L('状态', 'State'),
    type: 'select',
    options: [
      { value: 0, label: L('就绪', 'Ready') },
      { value: 1, label: L('处理中', 'Working') },
      { value: 2, label: L('失败', 'Failed') },
    ],
  },
  service: {
    label: L('服务', 'Service'),
    type: 'select',
    default: 'terminal',
    options: [
      { value: 'terminal', label: L('终端', 'Terminal') },
      { value: 'web', label: L('网页应用', 'Web app') },
    ],
  },
  webPort: { label: L('网页端口', 'Web port'), type: 'number' },
  codePath: { label: L('代码路径', 'Code path'), default: '/workspace', max: 200 },
  path: { label: L('终端 Shell', 'Terminal shell'), default: '/bin/sh', max: 200 },
  securitys: {
    label: L('网络', 'Network'),
    type: 'select',
    default: 'none',
    options: [
      { value: 'none', label: L('无网络', 'No network') },
      { value: 'isolated', label: L('隔离网络', 'Isolated network') },
    ],
  },
  cpus: { label: L('CPU（核）', 'CPUs'), type: 'number', default: 1 },
  memoryMb: { label: L('内存（MB）', 'Memory (MB)'), type: 'number', default: 256 },
  pidsLimit: { label: L('进程数上限', 'Process limit'), type: 'number', default: 128 },
  workspaceMb: { label: L('工作目录（MB）', 'Workspace (MB)'), type: 'number', default: 100 },
  capAdd: { label: L('保留的能力（逗号分隔）', 'Capabilities kept (comma-separated)'), max: 200 },
  readOnlyRoot: { label: L('只读根文件系统', 'Read-only root'), type: 'switch', default: 1 },
  poolSize: { label: L('预热容器数', 'Warm pool'), type: 'number', default: 0 },
  remark: COMMON.remark,
})

/** Experiments (hm-experiment): what a learner opens a lab for. */
export const experimentFields = defineFields({
  title: { label: L('标题', 'Title'), required: L('请输入标题', 'please enter a title'), max: 100 },
  cover: {
    label: L('封面', 'Cover'),
    type: 'image',
    upload: { accept: ['jpeg', 'jpg', 'png'], maxKB: 5000, max: 3, kind: 'image' },
  },
  imagesName: {
    label: L('实验镜像', 'Environment'),
    type: 'tree',
    tree: { url: '/api/hm-images/images/list', params: { size: '200' }, label: 'title' },
    required: L('请选择实验镜像', 'please choose the lab environment'),
  },
  folders: { label: L('代码目录', 'Code folder'), max: 200 },
  wareName: { label: L('实验手册（Markdown）', 'Manual (Markdown)'), type: 'textarea', max: 20000 },
  videoWareName: {
    label: L('演示视频', 'Demo video'),
    type: 'file',
    upload: { accept: ['mp4', 'webm'], maxKB: 102400, max: 1, kind: 'courseware' },
  },
  env: { label: L('环境变量（每行 KEY=value）', 'Environment (KEY=value per line)'), type: 'textarea', max: 4000 },
  durationMinutes: { label: L('时长（分钟）', 'Duration (min)'), type: 'number', default: 60 },
  renewMinutes: { label: L('每次续期（分钟）', 'Extension (min)'), type: 'number', default: 30 },
  maxRenewals: { label: L('最多续期次数', 'Max extensions'), type: 'number', default: 3 },
  idleMinutes: { label: L('空闲停止（分钟，0 为不停止）', 'Idle stop (min, 0 = never)'), type: 'number', default: 15 },
  status: COMMON.status,
  remark: COMMON.remark,
  createTime: COMMON.createTime,
})

/** An experiment's steps (hm-experimentStep). */
export const experimentStepFields = defineFields({
  experimentId: { label: L('实验', 'Experiment'), required: L('请选择实验', 'please choose an experiment') },
  title: { label: L('步骤标题', 'Step title'), required: L('请输入标题', 'please enter a title'), max: 100 },
  content: { label: L('步骤内容', 'Step content'), type: 'textarea', max: 10000 },
  sort: COMMON.sort,
})

/** Enrolment (blade-experimentUser): who may open an experiment's lab; the experiment dialog adds users in bulk. */
export const experimentUserFields = defineFields({
  experimentId: { label: L('实验', 'Experiment'), required: L('请选择实验', 'please choose an experiment') },
  userId: { label: L('学生', 'Learner'), required: L('请选择学生', 'please select students') },
})

/** The running-labs screen's columns (hm-userContainer/running answers them; no form). */
export const runningLabFields = defineFields({
  realName: { label: L('学生', 'Learner') },
  account: { label: L('账号', 'Account') },
  experimentTitle: { label: L('实验', 'Experiment') },
  startTime: { label: L('开始时间', 'Since'), type: 'datetime' },
  expireTime: { label: L('到期时间', 'Expires'), type: 'datetime' },
  cpuPercent: { label: L('CPU（%）', 'CPU (%)'), type: 'number' },
  memoryMb: { label: L('内存（MB）', 'Memory (MB)'), type: 'number' },
  renewals: { label: L('续期次数', 'Extensions'), type: 'number' },
})

/**
 * Lab hosts (hm-labHost, issue #27): the Docker engines labs run on, the platform administrator's alone. The
 * name and endpoint rules are the CLI's (`atrium labs hosts add`); the key is write-only (never answered back).
 * `state` … `places` are what the list adds from the fleet's probes, shown but never written.
 */
export const labHostFields = defineFields({
  name: {
    label: L('名称', 'Name'),
    required: L('请输入主机名称', 'please enter the host name'),
    max: 32,
    pattern: {
      test: /^(?!local$)[\w.-]{1,32}$/,
      message: L(
        '名称须为 1 到 32 位字母、数字、点或短横线，且不能为 local',
        'the name must be 1 to 32 letters, digits, dots or dashes, and not local',
      ),
    },
  },
  endpoint: {
    label: L('地址', 'Endpoint'),
    required: L('请输入引擎地址', 'please enter the endpoint'),
    max: 300,
    pattern: {
      test: /^(unix:\/\/\/\S+|tcp:\/\/[\w.-]+:\d{1,5}|ssh:\/\/[\w.-]+@[\w.-]+(:\d{1,5})?)$/,
      message: L(
        '地址须为 unix:///路径、tcp://主机:端口 或 ssh://用户@主机',
        'the endpoint must be unix:///path, tcp://host:port or ssh://user@host',
      ),
    },
  },
  maxLabs: {
    label: L('实验上限', 'Max labs'),
    type: 'number',
    default: 60,
    range: { min: 0, max: 10000, integer: true },
  },
  // For an ssh:// host the same field pins its host key (engine/fleet-member.ts sshHostKey).
  tlsCa: {
    label: L(
      'TLS CA 证书（PEM）；SSH 主机填其主机公钥（同 known_hosts 一行）',
      'TLS CA certificate (PEM); for SSH, the host public key (a known_hosts line)',
    ),
    type: 'textarea',
    max: 20000,
  },
  tlsCert: { label: L('TLS 客户端证书（PEM）', 'TLS client certificate (PEM)'), type: 'textarea', max: 20000 },
  tlsKey: {
    label: L('私钥（TLS 或 SSH，PEM；留空则不变）', 'Private key (TLS or SSH, PEM; blank keeps it)'),
    type: 'textarea',
    max: 20000,
  },
  remark: COMMON.remark,
  state: {
    label: L('状态', 'State'),
    type: 'select',
    options: [
      { value: 'up', label: L('在线', 'Up') },
      { value: 'down', label: L('不可达', 'Unreachable') },
      { value: 'disabled', label: L('已停用', 'Disabled') },
    ],
  },
  places: { label: L('运行 / 上限', 'Running / max') },
  version: { label: L('引擎版本', 'Engine version') },
  downSince: { label: L('不可达起始', 'Unreachable since'), type: 'datetime' },
  tlsKeySet: {
    label: L('私钥', 'Key'),
    type: 'select',
    options: [
      { value: 1, label: L('已设置', 'Set') },
      { value: 0, label: L('未设置', 'Not set') },
    ],
  },
})
