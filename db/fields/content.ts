import { COMMON, defineFields, L, PHONE_EMPTY, type FieldDef, type UploadRule } from './types.ts'

/**
 * Fields of the portal's content (banners, news, downloads and their leads,
 * cloud documents); the teaching content (courses, courseware, series, cards,
 * ratings, enrolments) is in course.ts, which takes the image and listing
 * rules from here. The server validates with these; the back office's screens
 * (web/src/admin/content) are these plus layout. Required messages are the
 * spec's (back-office §5) where it words them, else the ones the server has
 * always answered. Columns a list answers but no form writes (joined names,
 * counts) are described here too, so every label lives once.
 */

/** Images (spec §5): jpeg/jpg/png, at most 5 MB; course covers take up to 3, the rest 1. */
const image = (max: number, kind = 'image'): UploadRule => ({ accept: ['jpg', 'jpeg', 'png'], maxKB: 5000, max, kind })
export const cover = (max = 1, kind = 'image') =>
  ({ label: L('封面', 'Cover'), type: 'image', upload: image(max, kind) }) satisfies FieldDef

/** listing_status: 1 listed, 0 unlisted (courses, series, banners, downloads). */
export const listing = {
  label: L('上架状态', 'Listing'),
  type: 'dict',
  dict: { code: 'listing_status', biz: true },
  default: 1,
} satisfies FieldDef

/** Carousel banners (spec §3): one image, title, subtitle, position, jump link and mode, sort. */
export const bannerFields = defineFields({
  cover: { ...cover(1, 'banner'), required: L('请上传图片', 'please upload an image') },
  title: { label: L('标题', 'Title'), required: L('请输入标题', 'please enter the title'), max: 200 },
  subtitle: { label: L('副标题', 'Subtitle'), max: 200 },
  position: {
    label: L('轮播位置', 'Position'),
    type: 'dict',
    dict: { code: 'carousel_position', biz: true },
    default: 1,
  },
  // An outside link (http/https) or a path on this site (server/modules/content/banner.ts checks it).
  href: { label: L('跳转链接', 'Link'), max: 500 },
  target: {
    label: L('打开方式', 'Opens in'),
    type: 'dict',
    dict: { code: 'page_opening_method', biz: true },
    default: 1,
  },
  sort: COMMON.sort,
  status: listing,
  remark: COMMON.remark,
})

/** News (spec §3, §5: title, category and release time required; blog_status 0 draft, 1 published, 2 withdrawn). */
export const blogFields = defineFields({
  cover: cover(1),
  title: { label: L('标题', 'Title'), required: L('请输入标题', 'please enter the title'), max: 200 },
  category: {
    label: L('分类', 'Category'),
    type: 'dict',
    dict: { code: 'blog_type', biz: true },
    required: L('请输入分类', 'please enter the category'),
  },
  releaseTime: {
    label: L('发布时间', 'Release time'),
    type: 'datetime',
    required: L('请输入发布时间', 'please enter the release time'),
  },
  status: { label: L('状态', 'Status'), type: 'dict', dict: { code: 'blog_status', biz: true }, default: 0 },
  summary: { label: L('摘要', 'Summary'), type: 'textarea', max: 1000 },
})

/** A news item's body (rich text, sanitised by the server); the item comes from the editor dialog. */
export const blogDetailFields = defineFields({
  blogId: { label: L('资讯', 'News item') },
  content: { label: L('正文', 'Content'), type: 'richtext' },
})

/** Downloadable files (spec §3, §5: one file, at most 50 MB; size in MB with 2 decimals; download count; tag). */
export const downloadFields = defineFields({
  cover: cover(1),
  title: { label: L('文件名称', 'Name'), required: L('请输入文件名称', 'please enter the file name'), max: 200 },
  fileAddress: {
    label: L('文件', 'File'),
    type: 'file',
    required: L('请上传文件', 'please upload a file'),
    upload: {
      accept: [
        'pdf',
        'zip',
        'rar',
        '7z',
        'docx',
        'xlsx',
        'pptx',
        'doc',
        'xls',
        'ppt',
        'txt',
        'md',
        'mp4',
        'exe',
        'bin',
        'csv',
        'json',
        'jpg',
        'png',
        'gz',
        'tar',
      ],
      maxKB: 50 * 1024,
      max: 1,
      kind: 'download',
    },
  },
  fileSize: { label: L('大小（MB）', 'Size (MB)') },
  count: { label: L('下载次数', 'Downloads') },
  tag: { label: L('标签', 'Tag'), type: 'dict', dict: { code: 'file_tag', biz: true } },
  intro: { label: L('简介', 'Introduction'), type: 'textarea', max: 2000 },
  status: listing,
  createTime: COMMON.createTime,
  remark: COMMON.remark,
})

/**
 * Who asked for a download (the portal's lead form writes them through
 * nop-wbp/downloadMessage/save; staff only read and remove). Name and phone
 * are required, the phone 11 digits, the e-mail name@domain (spec §5).
 */
export const leadFields = defineFields({
  name: { label: L('姓名', 'Name'), required: L('请输入姓名', 'please enter your name'), max: 64 },
  phone: {
    label: L('手机号', 'Phone'),
    required: PHONE_EMPTY,
    rules: ['phone'],
    max: 20,
  },
  email: { label: L('邮箱', 'E-mail'), rules: ['email'], max: 100 },
  unit: { label: L('单位', 'Organisation'), max: 200 },
  qq: { label: L('QQ', 'QQ'), max: 32 },
  wechat: { label: L('微信', 'WeChat'), max: 64 },
  birthday: { label: L('生日', 'Birthday'), max: 32 },
  category: { label: L('类别', 'Category'), max: 64 },
  fileTitle: { label: L('下载文件', 'File') },
  createTime: { ...COMMON.createTime, label: L('登记时间', 'When') },
})

/** Cloud document folders: a tree (parentId '0' is the root). */
export const folderFields = defineFields({
  name: {
    label: L('文件夹名称', 'Folder name'),
    required: L('请输入文件夹名称', 'please enter the folder name'),
    max: 100,
  },
  parentId: { label: L('上级文件夹', 'Parent folder') },
  sort: COMMON.sort,
})

/** Cloud documents: a PDF or Markdown file in a folder (private, served by signed link). */
export const documentFields = defineFields({
  title: { label: L('文档名称', 'Title'), required: L('请输入文档名称', 'please enter the document name'), max: 200 },
  folderId: {
    label: L('文件夹', 'Folder'),
    type: 'tree',
    tree: { url: '/api/cloud-document/folder/tree', label: 'name' },
    required: L('请选择文件夹', 'please select a folder'),
  },
  fileAddress: {
    label: L('文件', 'File'),
    type: 'file',
    required: L('请上传 PDF 或 Markdown 文件', 'please upload a PDF or Markdown file'),
    upload: { accept: ['pdf', 'md'], maxKB: 50 * 1024, max: 1, kind: 'document' },
  },
  fileType: { label: L('类型', 'Type') },
  fileSize: { label: L('大小（字节）', 'Size (bytes)') },
  intro: { label: L('简介', 'Introduction'), type: 'textarea', max: 2000 },
  sort: COMMON.sort,
  remark: COMMON.remark,
})
