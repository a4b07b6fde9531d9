import { registerLocale } from '../../shared/i18n'

/** Texts of the API tryout (/test/index): namespace 'tryout'. */
registerLocale('tryout', {
  zh: {
    title: '接口调试',
    intro: '从接口文档中选择一个接口，填写参数后发送，查看服务器的应答。',
    asYou: '请求以您当前的登录身份发送，服务器按您的权限作答：您无权调用的接口会被拒绝。',
    filter: '按路径筛选',
    route: '接口',
    choose: '请选择接口',
    matches: '共 {{count}} 个接口',
    parameters: '参数',
    pathParameters: '路径参数',
    noParameters: '该接口没有查询参数',
    body: '请求体（JSON）',
    badJson: '请求体不是有效的 JSON',
    send: '发送',
    sending: '发送中…',
    answer: '应答',
    status: '状态码 {{code}} · {{ms}} 毫秒',
    noDocument: '无法读取接口文档：仅平台管理员可使用接口调试。',
  },
  en: {
    title: 'API tryout',
    intro:
      'Choose a route from the API documentation, fill in its parameters, send it and read what the server answers.',
    asYou:
      'Requests are sent as you, with your own sign-in, and answered with your permissions: a route you may not call is refused.',
    filter: 'Filter by path',
    route: 'Route',
    choose: 'Choose a route',
    matches: '{{count}} routes',
    parameters: 'Parameters',
    pathParameters: 'Path parameters',
    noParameters: 'This route takes no query parameters',
    body: 'Request body (JSON)',
    badJson: 'The request body is not valid JSON',
    send: 'Send',
    sending: 'Sending…',
    answer: 'Answer',
    status: 'Code {{code}} · {{ms}} ms',
    noDocument: 'The API documentation cannot be read: the tryout is for platform administrators.',
  },
})
