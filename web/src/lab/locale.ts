import { registerLocale } from '../shared/i18n'

/** Texts of the lab pages (namespace 'lab'): the learner's lab, the portal list, the back-office lab screens. */
registerLocale('lab', {
  zh: {
    term: {
      connecting: '正在连接终端…', reconnecting: '网络中断，正在重新连接（第 {{n}} 次）…', connected: '已连接', observing: '旁观模式（只读）',
      ended: '终端已结束', labEnded: '实验容器已停止', shellExited: 'Shell 已退出', newShell: '打开新的 Shell', forbidden: '无权连接该实验终端',
      noShell: '学生当前没有打开终端', copy: '复制', paste: '粘贴', copied: '已复制选中内容', clipboardDenied: '浏览器不允许读取剪贴板，请使用 Ctrl+Shift+V',
      hint: '复制 Ctrl+Shift+C · 粘贴 Ctrl+Shift+V',
    },
    page: {
      back: '返回实验列表', manual: '实验手册', steps: '实验步骤', terminal: '终端', web: '实验应用', files: '文件', noManual: '本实验没有手册',
      open: '开始实验', opening: '正在准备实验环境…', remaining: '剩余时间', extend: '延长时间', extended: '已延长实验时间',
      renewals: '已续期 {{n}}/{{max}} 次', reset: '重置实验', resetConfirm: '重置会删除容器并清空工作目录中的所有文件，确定重置实验吗？',
      resetDone: '实验已重置为初始环境', expired: '实验时间已到，容器已停止。工作目录中的文件会保留，重新打开即可继续。',
      queued: '排队中', retryIn: '{{s}} 秒后自动重试', engineDown: '实验环境服务（Docker）当前不可用，实验暂时无法打开。其他功能不受影响。',
      notFound: '实验不存在或已下线', signInFirst: '请先登录后再进行实验', signIn: '登录', signUp: '报名实验', signedUp: '报名成功',
      ended: '实验容器已停止', reopen: '重新打开', openInTab: '在新窗口打开',
    },
    files: {
      title: '工作目录文件', refresh: '刷新', upload: '上传文件', download: '下载', empty: '工作目录中还没有文件', name: '文件名', size: '大小',
      modified: '修改时间', uploaded: '已上传 {{name}}', limit: '单个文件不超过 {{mb}} MB',
    },
    list: {
      title: '动手实验', intro: '每位同学一个独立的实验容器：在浏览器中完成命令行与编程实验。', search: '搜索实验', empty: '暂无实验',
      minutes: '{{n}} 分钟', enrolled: '已报名', enter: '进入实验', signUp: '报名', signInToStart: '登录后开始',
    },
    running: {
      observe: '旁观', stop: '停止', stopConfirm: '确定停止选中的 {{n}} 个实验容器吗？学生工作目录中的文件会保留。', stopped: '已停止 {{n}} 个实验容器',
      observerTitle: '旁观：{{name}} · {{title}}', attached: '在线', detached: '离线', close: '关闭',
    },
    image: {
      import: '导入镜像', build: '构建镜像', importTitle: '导入镜像（docker save 生成的 .tar 文件）', buildTitle: '从 Dockerfile 目录构建镜像',
      chooseFile: '选择镜像文件', chooseFolder: '选择包含 Dockerfile 的目录', noDockerfile: '所选目录中没有 Dockerfile', tag: '镜像标识（如 school/python:3）',
      title: '环境名称', start: '开始', progress: '进度', ready: '就绪', busy: '处理中', failed: '失败', done: '完成', log: '输出', close: '关闭', files: '{{n}} 个文件，共 {{size}}',
    },
    experiment: {
      steps: '实验步骤', enrol: '添加学生', enrolled: '已添加 {{n}} 名学生', addStep: '新增步骤', stepTitle: '步骤标题', stepContent: '步骤内容',
      noSteps: '还没有步骤', save: '保存', cancel: '取消', remove: '删除', edit: '编辑', removeConfirm: '确定删除该步骤吗？',
    },
  },
  en: {
    term: {
      connecting: 'Connecting to the terminal…', reconnecting: 'Connection lost, reconnecting (attempt {{n}})…', connected: 'Connected', observing: 'Watching (read-only)',
      ended: 'The terminal has ended', labEnded: 'The lab container has stopped', shellExited: 'The shell has exited', newShell: 'Open a new shell', forbidden: 'You may not attach to this lab',
      noShell: 'The learner has no terminal open', copy: 'Copy', paste: 'Paste', copied: 'Selection copied', clipboardDenied: 'The browser does not allow reading the clipboard: use Ctrl+Shift+V',
      hint: 'Copy Ctrl+Shift+C · Paste Ctrl+Shift+V',
    },
    page: {
      back: 'Back to the labs', manual: 'Manual', steps: 'Steps', terminal: 'Terminal', web: 'Lab app', files: 'Files', noManual: 'This lab has no manual',
      open: 'Start the lab', opening: 'Preparing your lab…', remaining: 'Time left', extend: 'Extend', extended: 'The lab has been extended',
      renewals: 'Extended {{n}}/{{max}} times', reset: 'Reset lab', resetConfirm: 'Resetting removes the container and empties your workspace. Reset the lab?',
      resetDone: 'The lab is back to its initial environment', expired: 'Time is up and the container has stopped. Your workspace files are kept: open the lab again to continue.',
      queued: 'In line', retryIn: 'Retrying in {{s}} s', engineDown: 'The lab engine (Docker) is not reachable right now, so labs cannot open. Everything else works as usual.',
      notFound: 'This lab does not exist or is offline', signInFirst: 'Please sign in to do this lab', signIn: 'Sign in', signUp: 'Sign up', signedUp: 'Signed up',
      ended: 'The lab container has stopped', reopen: 'Open again', openInTab: 'Open in a new window',
    },
    files: {
      title: 'Workspace files', refresh: 'Refresh', upload: 'Upload', download: 'Download', empty: 'No files in the workspace yet', name: 'Name', size: 'Size',
      modified: 'Modified', uploaded: '{{name}} uploaded', limit: 'Up to {{mb}} MB per file',
    },
    list: {
      title: 'Hands-on labs', intro: 'A lab container of your own: terminal and programming labs in the browser.', search: 'Search labs', empty: 'No labs yet',
      minutes: '{{n}} min', enrolled: 'Signed up', enter: 'Enter', signUp: 'Sign up', signInToStart: 'Sign in to start',
    },
    running: {
      observe: 'Watch', stop: 'Stop', stopConfirm: 'Stop the {{n}} selected lab containers? The learners keep their workspace files.', stopped: '{{n}} lab containers stopped',
      observerTitle: 'Watching {{name}} · {{title}}', attached: 'Online', detached: 'Away', close: 'Close',
    },
    image: {
      import: 'Import image', build: 'Build image', importTitle: 'Import an image (.tar made by docker save)', buildTitle: 'Build an image from a Dockerfile folder',
      chooseFile: 'Choose the image file', chooseFolder: 'Choose the folder holding the Dockerfile', noDockerfile: 'The chosen folder has no Dockerfile', tag: 'Image reference (e.g. school/python:3)',
      title: 'Name', start: 'Start', progress: 'Progress', ready: 'Ready', busy: 'Working', failed: 'Failed', done: 'Done', log: 'Output', close: 'Close', files: '{{n}} files, {{size}}',
    },
    experiment: {
      steps: 'Steps', enrol: 'Enrol students', enrolled: '{{n}} students enrolled', addStep: 'Add step', stepTitle: 'Step title', stepContent: 'Step content',
      noSteps: 'No steps yet', save: 'Save', cancel: 'Cancel', remove: 'Remove', edit: 'Edit', removeConfirm: 'Remove this step?',
    },
  },
})
