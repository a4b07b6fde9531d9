/** [code, zh name, en name, items as [key, zh, en]] */
export type DictSeed = [string, string, string, [string, string, string][]]

/** System dictionary: shared by every tenant, used by the back office's own screens. */
export const SYSTEM_DICTS: DictSeed[] = [
  ['sex', '性别', 'Sex', [['1', '男', 'Male'], ['2', '女', 'Female'], ['3', '未知', 'Unknown']]],
  ['yes_no', '是否', 'Yes/No', [['0', '否', 'No'], ['1', '是', 'Yes']]],
  ['status', '状态', 'Status', [['0', '停用', 'Disabled'], ['1', '正常', 'Enabled']]],
  ['user_type', '用户平台', 'User platform', [['1', 'WEB', 'Web'], ['2', 'APP', 'App'], ['3', '其他', 'Other']]],
  ['menu_category', '菜单类型', 'Menu type', [['1', '菜单', 'Menu'], ['2', '按钮', 'Button']]],
  ['button_func', '按钮功能', 'Button position', [['0', '无', 'None'], ['1', '工具栏', 'Toolbar'], ['2', '操作栏', 'Row'], ['3', '工具操作栏', 'Toolbar and row']]],
  ['dept_category', '机构类型', 'Unit type', [['1', '部门', 'Department'], ['2', '班级', 'Class']]],
  ['post_category', '岗位类型', 'Post type', [['1', '高层', 'Senior'], ['2', '中层', 'Middle'], ['3', '基层', 'Staff'], ['4', '其他', 'Other']]],
  ['data_scope_type', '数据权限', 'Data scope', [['1', '全部可见', 'All'], ['2', '本人可见', 'Own records'], ['3', '所在机构可见', 'Own department'], ['4', '所在机构及子级可见', 'Own department and below'], ['5', '自定义', 'Custom']]],
  ['api_scope_type', '接口权限', 'API scope', [['1', '全部方法', 'All methods'], ['2', 'GET', 'GET'], ['3', 'POST', 'POST']]],
  ['region_level', '区划层级', 'Region level', [['1', '省份', 'Province'], ['2', '地市', 'City'], ['3', '区县', 'District'], ['4', '乡镇', 'Town'], ['5', '村委', 'Village']]],
  ['review_status', '审核状态', 'Review status', [['0', '待审核', 'Pending'], ['1', '已通过', 'Approved'], ['2', '已驳回', 'Rejected']]],
  ['message_type', '消息类型', 'Message type', [['1', '普通消息', 'Ordinary'], ['2', '部门广播', 'Department broadcast'], ['3', '审批消息', 'Approval'], ['4', '角色广播', 'Role broadcast']]],
  ['account_status', '账号状态', 'Account status', [['0', '待审核', 'Pending approval'], ['1', '正常', 'Active'], ['2', '停用', 'Disabled']]],
]

/** Business dictionary: copied to each new tenant, which may then edit its own. */
export const BIZ_DICTS: DictSeed[] = [
  ['question_type', '题型', 'Question type', [['1', '单选题', 'Single choice'], ['2', '多选题', 'Multiple choice'], ['3', '判断题', 'True/false'], ['4', '填空题', 'Fill in the blank'], ['5', '简答题', 'Short answer']]],
  ['question_hard', '难度', 'Difficulty', [['1', '简单', 'Easy'], ['2', '中等', 'Medium'], ['3', '困难', 'Hard']]],
  ['paper_type', '试卷类型', 'Paper type', [['1', '练习', 'Practice'], ['2', '考试', 'Exam'], ['3', '竞赛', 'Competition']]],
  ['carousel_position', '轮播位置', 'Carousel position', [['1', '首页', 'Home'], ['2', '课程', 'Courses'], ['3', '实训营', 'Training camps'], ['4', '竞赛', 'Competitions']]],
  ['page_opening_method', '打开方式', 'Opening method', [['1', '当前页打开', 'Same window'], ['2', '新窗口打开', 'New window']]],
  ['course_major', '专业', 'Major', [['1', '计算机科学与技术', 'Computer science'], ['2', '软件工程', 'Software engineering'], ['3', '物联网工程', 'IoT engineering'], ['4', '人工智能', 'Artificial intelligence'], ['5', '网络工程', 'Network engineering']]],
  ['course_category', '课程分类', 'Course category', [['1', '理论课程', 'Theory'], ['2', '实践课程', 'Practice'], ['3', '实训营', 'Training camp'], ['4', '认证课程', 'Certification']]],
  ['educational_level', '学历层次', 'Educational level', [['1', '中职', 'Secondary vocational'], ['2', '高职专科', 'Higher vocational'], ['3', '本科', 'Undergraduate'], ['4', '研究生', 'Postgraduate']]],
  ['image_from', '镜像来源', 'Image source', [['1', '官方镜像', 'Official'], ['2', '自定义镜像', 'Custom']]],
  ['experiment_type', '实验类型', 'Experiment type', [['1', '命令行实验', 'Terminal'], ['2', '编程实验', 'Programming'], ['3', '物联网实验', 'IoT']]],
  ['file_tag', '文件标签', 'File tag', [['1', '文档', 'Document'], ['2', '软件', 'Software'], ['3', '视频', 'Video'], ['4', '其他', 'Other']]],
  ['activation_status', '激活状态', 'Activation status', [['0', '未激活', 'Not activated'], ['1', '已激活', 'Activated'], ['2', '已过期', 'Expired']]],
  ['blog_type', '资讯类型', 'News type', [['1', '新闻动态', 'News'], ['2', '通知公告', 'Notice'], ['3', '技术文章', 'Article']]],
  ['blog_status', '发布状态', 'Publishing status', [['0', '草稿', 'Draft'], ['1', '已发布', 'Published'], ['2', '已下线', 'Withdrawn']]],
  ['product_type', '产品分类', 'Product category', [['1', '传感器', 'Sensor'], ['2', '网关', 'Gateway'], ['3', '执行器', 'Actuator'], ['4', '开发板', 'Development board']]],
  ['product_ota', '升级方式', 'Upgrade type', [['1', '全量升级', 'Full rollout'], ['2', '灰度升级', 'Grey release']]],
  ['listing_status', '上架状态', 'Listing status', [['0', '下架', 'Unlisted'], ['1', '上架', 'Listed']]],
]
