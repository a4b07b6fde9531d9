import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../server/lib/db.ts'
import { newId } from '../../server/lib/ids.ts'
import { now } from '../../server/lib/time.ts'
import { message, messageRecipient, user } from '../schema/index.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** A few unread messages so the bell has something to show on first sign-in. */
export function seedMessages(tx: Tx, tenantId: string) {
  const people = tx.select({ id: user.id, account: user.account }).from(user).where(and(eq(user.tenantId, tenantId), inArray(user.account, ['admin', 'teacher', 'student', 'manager']))).all()
  const admin = people.find((p) => p.account === 'admin')!
  const send = (title: string, content: string, accounts: string[], type = 1) => {
    const id = newId()
    tx.insert(message).values({ id, tenantId, type, title, content, receivers: accounts.join(','), createUserName: '管理员', createUser: admin.id, createTime: now(), updateUser: admin.id, updateTime: now() }).run()
    for (const p of people.filter((p) => accounts.includes(p.account))) tx.insert(messageRecipient).values({ id: newId(), tenantId, messageId: id, userId: p.id, isRead: 1 }).run()
  }
  send('欢迎使用 Atrium', 'Atrium 已安装完成。请先在“个人信息”中修改初始密码。\nWelcome to Atrium: please change your initial password under Personal information.', ['admin', 'teacher', 'student', 'manager'], 4)
  send('本学期实验课安排', '计算机系本学期的实验课将在实验平台上进行，请提前熟悉操作。\nThis term\'s labs run on the lab platform; please get familiar with it beforehand.', ['teacher', 'student'], 2)
  send('账号安全提示', '请勿与他人共用账号，离开电脑时可使用锁屏功能。\nDo not share your account; lock the screen when you leave your computer.', ['admin', 'teacher'])
}
