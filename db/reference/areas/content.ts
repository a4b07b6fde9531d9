import { defineReference } from '../types.ts'

/** Learning content: courses, carousels, news, files, course cards. */
export default defineReference({
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
