/** The demo question bank a fresh install starts with. Pure data: server/modules/exam/demo-exam.ts writes it. */

/** One question of every type, so the practice pages, the paper and the open exam show something. */
export const DEMO_QUESTIONS: Record<string, unknown>[] = [
  {
    type: 1,
    hard: 1,
    score: 2,
    content: '<p>HTTP 协议默认使用哪个端口？</p>',
    options: [
      { content: '21', isCorrect: 0 },
      { content: '80', isCorrect: 1 },
      { content: '443', isCorrect: 0 },
      { content: '8080', isCorrect: 0 },
    ],
    analysis: '<p>HTTP 默认端口 80，HTTPS 默认端口 443。</p>',
    courseName: '计算机网络',
  },
  {
    type: 1,
    hard: 2,
    score: 2,
    content: '<p>MQTT 协议中，保证消息“至少送达一次”的 QoS 等级是？</p>',
    options: [
      { content: 'QoS 0', isCorrect: 0 },
      { content: 'QoS 1', isCorrect: 1 },
      { content: 'QoS 2', isCorrect: 0 },
    ],
    analysis: '<p>QoS 1 至少一次，QoS 2 恰好一次。</p>',
    courseName: '物联网基础',
  },
  {
    type: 2,
    hard: 2,
    score: 4,
    content: '<p>以下哪些属于传输层协议？</p>',
    options: [
      { content: 'TCP', isCorrect: 1 },
      { content: 'UDP', isCorrect: 1 },
      { content: 'IP', isCorrect: 0 },
      { content: 'QUIC', isCorrect: 1 },
    ],
    analysis: '<p>IP 属于网络层。少选按比例得分，错选不得分。</p>',
    courseName: '计算机网络',
  },
  {
    type: 3,
    hard: 1,
    score: 2,
    content: '<p>IPv4 地址长度为 32 位。</p>',
    answer: '正确',
    analysis: '<p>IPv4 为 32 位，IPv6 为 128 位。</p>',
    courseName: '计算机网络',
  },
  {
    type: 4,
    hard: 2,
    score: 4,
    content: '<p>OSI 模型共有 ____ 层，其中最底层是 ____ 层。</p>',
    blanks: [
      ['7', '七'],
      ['物理', '物理层', 'physical'],
    ],
    analysis: '<p>OSI 七层模型自下而上：物理、数据链路、网络、传输、会话、表示、应用。</p>',
    courseName: '计算机网络',
  },
  {
    type: 5,
    hard: 3,
    score: 6,
    content: '<p>简述 TCP 三次握手的过程及其作用。</p>',
    answer: '<p>客户端发送 SYN；服务器回复 SYN+ACK；客户端回复 ACK。用于双方确认收发能力并同步初始序号。</p>',
    analysis: '<p>要点：SYN、SYN+ACK、ACK 三步；确认双方收发能力、同步序号。</p>',
    courseName: '计算机网络',
  },
]

/**
 * The demo exam's own questions. An exam holds its questions' keys until its results are released
 * (server/modules/exam/key-visibility.ts), so the practice bank above must not be the exam's paper.
 */
export const DEMO_EXAM_QUESTIONS: Record<string, unknown>[] = [
  {
    type: 1,
    hard: 1,
    score: 4,
    content: '<p>DNS 服务默认使用哪个端口？</p>',
    options: [
      { content: '25', isCorrect: 0 },
      { content: '53', isCorrect: 1 },
      { content: '110', isCorrect: 0 },
      { content: '123', isCorrect: 0 },
    ],
    analysis: '<p>DNS 使用 53 端口（UDP 为主，区域传送用 TCP）。</p>',
    courseName: '计算机网络',
  },
  {
    type: 2,
    hard: 2,
    score: 6,
    content: '<p>以下哪些地址属于 IPv4 私有地址段？</p>',
    options: [
      { content: '10.0.0.0/8', isCorrect: 1 },
      { content: '172.16.0.0/12', isCorrect: 1 },
      { content: '192.168.0.0/16', isCorrect: 1 },
      { content: '8.8.8.0/24', isCorrect: 0 },
    ],
    analysis: '<p>RFC 1918 规定的三个私有地址段；8.8.8.8 是公共 DNS。</p>',
    courseName: '计算机网络',
  },
  {
    type: 3,
    hard: 1,
    score: 4,
    content: '<p>交换机工作在 OSI 模型的网络层。</p>',
    answer: '错误',
    analysis: '<p>二层交换机工作在数据链路层，路由器工作在网络层。</p>',
    courseName: '计算机网络',
  },
  {
    type: 5,
    hard: 3,
    score: 6,
    content: '<p>简述 TCP 与 UDP 的主要区别。</p>',
    answer: '<p>TCP 面向连接、可靠、有序、有流量与拥塞控制；UDP 无连接、不保证可靠与顺序、开销小、延迟低。</p>',
    analysis: '<p>要点：连接、可靠性、顺序、控制机制、开销。</p>',
    courseName: '计算机网络',
  },
]
