import { experimentUserFields } from '../../../../db/fields/lab.ts'
import { defineMessages } from '../../../lib/messages.ts'

defineMessages({
  'lab.engineDown': {
    zh: '实验环境服务（Docker）当前不可用，实验暂时无法打开，请稍后再试或联系管理员',
    en: 'the lab engine (Docker) is not reachable right now: labs cannot open, try again later or ask an administrator',
  },
  'lab.imageMissing': {
    zh: '实验镜像尚未就绪，请联系老师',
    en: 'the lab environment image is not ready yet, ask your teacher',
  },
  'lab.hostDown': {
    zh: '运行该实验的实验主机（{host}）当前无法连接，请稍后再试',
    en: 'the lab host running this lab ({host}) is not reachable right now, try again later',
  },
  'lab.hostLost': {
    zh: '运行您的实验“{title}”的实验主机已失去连接，实验已结束；重新打开即可继续（该主机仍未恢复时将在其他主机上启动）',
    en: 'the lab host running your lab "{title}" went away and the lab ended; open it again to continue (on another host while that one is away)',
  },
  'lab.imageMissingOnHosts': {
    zh: '可用的实验主机上都没有该实验镜像，请联系管理员',
    en: 'no reachable lab host has this lab environment image, ask an administrator',
  },
  'lab.notEnrolled': { zh: '请先报名该实验', en: 'please sign up for this experiment first' },
  'lab.full': {
    zh: '实验环境已满，您前面还有 {ahead} 人，当前排在第 {place} 位，请稍候自动重试',
    en: 'all lab places are taken: {ahead} ahead of you, you are number {place} in line; the page retries by itself',
  },
  'lab.tenantFull': {
    zh: '本校同时运行的实验已达上限（{max} 个），您当前排在第 {place} 位',
    en: 'your school has reached its limit of {max} running labs; you are number {place} in line',
  },
  'lab.notRunning': {
    zh: '实验容器未运行，请重新打开实验',
    en: 'the lab container is not running, open the experiment again',
  },
  'lab.renewCap': {
    zh: '已达最大续期次数（{max} 次），无法继续延长',
    en: 'the lab has been extended the maximum {max} times and cannot be extended again',
  },
  'lab.fileTooLarge': { zh: '文件超过 {max} MB 的限制', en: 'the file is over the {max} MB limit' },
  'lab.workspaceFull': {
    zh: '工作目录已用 {used} MB，超过 {max} MB 的上限，实验已停止且无法再打开；请重置实验（将清空工作目录）',
    en: 'the workspace holds {used} MB, over its {max} MB limit: the lab was stopped and cannot open again until you reset it (which empties the workspace)',
  },
  'lab.workspaceNoRoom': {
    zh: '工作目录已用 {used} MB，上传此文件将超过 {max} MB 的上限',
    en: 'the workspace holds {used} MB: this file would take it past its {max} MB limit',
  },
  'lab.fileMissing': { zh: '文件不存在', en: 'no such file' },
  'lab.badPath': { zh: '路径必须位于实验工作目录内', en: 'the path must be inside the lab workspace' },
  'lab.fileRequired': { zh: '请选择要上传的文件', en: 'please choose a file to upload' },
  'lab.imageBusy': { zh: '镜像正在导入或构建中', en: 'the image is still being imported or built' },
  'lab.imageInUse': {
    zh: '镜像仍被实验使用，无法删除',
    en: 'the image is still used by an experiment and cannot be removed',
  },
  'lab.experimentRequired': experimentUserFields.experimentId.required,
  'lab.imageRequired': { zh: '请选择实验镜像', en: 'please choose the lab environment' },
  'lab.titleRequired': { zh: '请输入标题', en: 'please enter a title' },
  'lab.imageIdRequired': { zh: '请输入镜像标识', en: 'please enter the image reference' },
  'lab.archiveRequired': {
    zh: '请上传镜像文件（docker save 格式）',
    en: 'please upload an image file (docker save format)',
  },
  'lab.buildFailed': { zh: '镜像构建失败：{reason}', en: 'the image build failed: {reason}' },
  'lab.usersRequired': experimentUserFields.userId.required,
  'lab.webOnly': { zh: '该实验没有网页服务', en: 'this lab has no web service' },
  'lab.webForbidden': { zh: '无权访问该实验应用', en: 'you may not open this lab app' },
  'lab.webExpired': {
    zh: '实验应用的访问链接已失效，请返回实验页面重新打开',
    en: 'this link to the lab app has expired: open it again from the lab page',
  },
  'lab.imageUnknown': { zh: '实验环境不存在：{id}', en: 'no such lab environment: {id}' },
  'lab.poolCount': {
    zh: '预热数量必须是 1 到 {max} 之间的整数',
    en: 'the number of warm containers must be a whole number from 1 to {max}',
  },
  'lab.webGone': { zh: '实验容器已停止', en: 'the lab container has stopped' },
  'lab.webDown': {
    zh: '实验应用暂未响应（可能仍在启动），几秒后自动重试…',
    en: 'the lab app is not answering yet (it may still be starting); retrying in a few seconds…',
  },
})
