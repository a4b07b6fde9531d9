import { COMMON, defineFields, L } from './types.ts'

/** Names the generator turns into code identifiers and paths: lower case, starting with a letter. */
const CODE_NAME = {
  test: /^[a-z][a-z0-9]*$/,
  message: L('只能包含小写字母和数字，以字母开头', 'lower-case letters and digits only, starting with a letter'),
}
const SQL_NAME = {
  test: /^[A-Za-z_][A-Za-z0-9_]*$/,
  message: L('只能包含字母、数字和下划线', 'letters, digits and underscores only'),
}

/** Datasources (blade-develop/datasource). The password is never answered: empty on edit keeps the stored one. */
export const datasourceFields = defineFields({
  name: { label: L('名称', 'Name'), required: true, max: 64 },
  driverClass: {
    label: L('数据库类型', 'Database'),
    type: 'select',
    required: true,
    options: [
      { value: 'postgresql', label: L('PostgreSQL', 'PostgreSQL') },
      { value: 'mysql', label: L('MySQL', 'MySQL') },
      { value: 'appliance', label: L('本机数据库', 'This appliance') },
    ],
    default: 'postgresql',
  },
  url: {
    label: L('连接地址', 'Connection URL'),
    max: 255,
    pattern: {
      test: /^(jdbc:)?(postgres|postgresql|mysql):\/\/[^\s/@]+(:\d+)?\/[^\s?]*$/i,
      message: L(
        '连接地址形如 postgresql://主机:端口/库名 或 mysql://主机:端口/库名（不含账号密码）',
        'the URL looks like postgresql://host:port/database or mysql://host:port/database (no user or password)',
      ),
    },
  },
  username: { label: L('用户名', 'User name'), max: 64 },
  password: { label: L('密码（留空不修改）', 'Password (empty = unchanged)'), type: 'password', max: 128 },
  remark: COMMON.remark,
})

/** Models (blade-develop/model): a table of a datasource under a name; its prototypes are edited on their own. */
export const modelFields = defineFields({
  datasourceId: {
    label: L('数据源', 'Datasource'),
    type: 'tree',
    tree: { url: '/api/blade-develop/datasource/list', params: { size: '200' }, label: 'name' },
    required: L('请选择数据源', 'please select the datasource'),
  },
  modelName: { label: L('模型名称', 'Model name'), required: true, max: 64 },
  modelNameEn: { label: L('英文名称', 'English name'), required: true, max: 64 },
  modelCode: { label: L('模型编号', 'Model code'), required: true, max: 32, pattern: CODE_NAME },
  modelTable: { label: L('物理表名', 'Table'), required: true, max: 64, pattern: SQL_NAME },
  remark: COMMON.remark,
})

/** Code generations (blade-develop/code): a model becomes an area (packageName) serving /api/<serviceName>/. */
export const codeFields = defineFields({
  modelId: {
    label: L('数据模型', 'Model'),
    type: 'tree',
    tree: { url: '/api/blade-develop/model/list', params: { size: '200' }, label: 'modelName' },
    required: L('请选择数据模型', 'please select the model'),
  },
  codeName: { label: L('模块名称', 'Module name'), required: true, max: 64 },
  codeNameEn: { label: L('英文名称', 'English name'), required: true, max: 64 },
  serviceName: {
    label: L('服务名称', 'Service name'),
    required: true,
    max: 64,
    pattern: {
      test: /^[a-z][a-z0-9-]*$/,
      message: L('只能包含小写字母、数字和 -', 'lower-case letters, digits and - only'),
    },
  },
  packageName: { label: L('模块目录', 'Area'), required: true, max: 32, pattern: CODE_NAME },
  tableName: { label: L('生成表名', 'Generated table'), required: true, max: 64, pattern: SQL_NAME },
  remark: COMMON.remark,
})

/** One field prototype of a model (blade-develop/model/model-prototype), as the prototype editor shows it. */
export const prototypeFields = defineFields({
  jdbcName: { label: L('物理列名', 'Column'), required: true, max: 64, pattern: SQL_NAME },
  jdbcType: { label: L('物理类型', 'Column type'), max: 64 },
  propertyName: { label: L('字段名', 'Field'), required: true, max: 64 },
  propertyType: {
    label: L('存储类型', 'Stored as'),
    type: 'select',
    required: true,
    options: [
      { value: 'text', label: L('文本', 'Text') },
      { value: 'integer', label: L('整数', 'Integer') },
      { value: 'real', label: L('小数', 'Decimal') },
    ],
  },
  comment: { label: L('中文标签', 'Label (Chinese)'), required: true, max: 64 },
  commentEn: { label: L('英文标签', 'Label (English)'), required: true, max: 64 },
  componentType: {
    label: L('组件类型', 'Component'),
    type: 'select',
    options: [
      { value: 'text', label: L('单行文本', 'Text') },
      { value: 'textarea', label: L('多行文本', 'Text area') },
      { value: 'number', label: L('数字', 'Number') },
      { value: 'switch', label: L('开关', 'Switch') },
      { value: 'date', label: L('日期', 'Date') },
      { value: 'datetime', label: L('日期时间', 'Date and time') },
      { value: 'dict', label: L('字典', 'Dictionary') },
    ],
  },
  length: { label: L('最大长度', 'Max length'), type: 'number', range: { min: 1, max: 100000, integer: true } },
  dictCode: { label: L('字典编码', 'Dictionary code'), max: 64 },
  dictBiz: { label: L('业务字典', 'Business dictionary'), type: 'switch' },
  isRequired: { label: L('必填', 'Required'), type: 'switch' },
  isList: { label: L('列表显示', 'In list'), type: 'switch' },
  isQuery: { label: L('查询条件', 'Searchable'), type: 'switch' },
})
