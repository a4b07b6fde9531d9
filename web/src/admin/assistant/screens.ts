import { lazy } from 'react'

/** Study assistant screens by menu path (db/reference/areas/assistant.ts). */
export const assistantScreens = {
  '/system/assistant': lazy(() => import('./AssistantConfig')),
  '/system/assistant-questions': lazy(() => import('./AssistantQuestions')),
}
