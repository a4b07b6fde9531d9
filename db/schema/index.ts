export * from './system.ts'
export * from './auth.ts'
export * from './log.ts'
export * from './message.ts'
