import { CRUD, defineReference } from '../types.ts'

/** Learning content: courses, carousels, news, files, course cards. */
export default defineReference({
  topMenus: [{ code: 'content', name: '教学内容', alias: 'Teaching content', source: 'book', sort: 3 }],
  menus: [
    {
      code: 'content', name: '教学内容', alias: 'Teaching content', path: '/content', source: 'book', sort: 10, topMenu: 'content', grant: ['teacher', 'manager'],
      children: [
        { code: 'content:course', name: '课程管理', alias: 'Courses', path: '/content/course', source: 'book', grant: ['teacher', 'manager'],
          buttons: [...CRUD, ['hot', '热门课程', 'Hot courses'], ['audit', '报名审核', 'Review enrolments'], ['user', '添加学员', 'Add learners']] },
        { code: 'content:camp', name: '实训营', alias: 'Training camps', path: '/content/camp', source: 'flag', grant: ['teacher', 'manager'], buttons: ['view'] },
        { code: 'content:hot', name: '热门课程', alias: 'Hot courses', path: '/content/hot-course', source: 'fire', grant: ['manager'] },
        { code: 'content:review', name: '报名审核', alias: 'Enrolment review', path: '/content/review', source: 'checklist', grant: ['teacher', 'manager'] },
        { code: 'content:ware', name: '课件管理', alias: 'Courseware', path: '/content/ware', source: 'video', grant: ['teacher', 'manager'], buttons: CRUD },
        { code: 'content:series', name: '课程系列', alias: 'Series', path: '/content/series', source: 'stack', grant: ['teacher', 'manager'], buttons: CRUD },
        { code: 'content:evaluate', name: '课程评价', alias: 'Course ratings', path: '/content/evaluate', source: 'star', grant: ['teacher', 'manager'], buttons: ['view', 'edit', 'delete'] },
        { code: 'content:card', name: '激活卡', alias: 'Activation cards', path: '/content/card', source: 'card', grant: ['manager'],
          buttons: [...CRUD, ['export', '导出', 'Export']] },
        { code: 'content:banner', name: '轮播图', alias: 'Banners', path: '/content/banner', source: 'image', grant: ['manager'], buttons: CRUD },
        { code: 'content:blog', name: '资讯管理', alias: 'News', path: '/content/blog', source: 'news', grant: ['manager'], buttons: CRUD },
        { code: 'content:download', name: '资料下载', alias: 'Downloads', path: '/content/download', source: 'download', grant: ['teacher', 'manager'], buttons: CRUD },
        { code: 'content:lead', name: '下载登记', alias: 'Download leads', path: '/content/lead', source: 'contact', grant: ['manager'], buttons: ['view', 'delete'] },
        { code: 'content:cloud', name: '云文档', alias: 'Cloud documents', path: '/content/cloud', source: 'folder', grant: ['teacher', 'manager'], buttons: CRUD },
      ],
    },
  ],
  bizDicts: [
    ['carousel_position', '轮播位置', 'Carousel position', [['1', '首页', 'Home'], ['2', '课程', 'Courses'], ['3', '实训营', 'Training camps'], ['4', '竞赛', 'Competitions']]],
    ['page_opening_method', '打开方式', 'Opening method', [['1', '当前页打开', 'Same window'], ['2', '新窗口打开', 'New window']]],
    ['course_major', '专业', 'Major', [['1', '计算机科学与技术', 'Computer science'], ['2', '软件工程', 'Software engineering'], ['3', '物联网工程', 'IoT engineering'], ['4', '人工智能', 'Artificial intelligence'], ['5', '网络工程', 'Network engineering']]],
    ['course_category', '课程分类', 'Course category', [['1', '理论课程', 'Theory'], ['2', '实践课程', 'Practice'], ['3', '实训营', 'Training camp'], ['4', '认证课程', 'Certification']]],
    ['educational_level', '学历层次', 'Educational level', [['1', '中职', 'Secondary vocational'], ['2', '高职专科', 'Higher vocational'], ['3', '本科', 'Undergraduate'], ['4', '研究生', 'Postgraduate']]],
    ['file_tag', '文件标签', 'File tag', [['1', '文档', 'Document'], ['2', '软件', 'Software'], ['3', '视频', 'Video'], ['4', '其他', 'Other']]],
    ['activation_status', '激活状态', 'Activation status', [['0', '未激活', 'Not activated'], ['1', '已激活', 'Activated'], ['2', '已过期', 'Expired']]],
    ['blog_type', '资讯类型', 'News type', [['1', '新闻动态', 'News'], ['2', '通知公告', 'Notice'], ['3', '技术文章', 'Article']]],
    ['blog_status', '发布状态', 'Publishing status', [['0', '草稿', 'Draft'], ['1', '已发布', 'Published'], ['2', '已下线', 'Withdrawn']]],
    ['listing_status', '上架状态', 'Listing status', [['0', '下架', 'Unlisted'], ['1', '上架', 'Listed']]],
  ],
})
