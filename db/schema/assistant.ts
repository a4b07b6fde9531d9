import { integer, table, text, uniqueIndex } from './dialect.ts'
import { commonColumns, liveUnique, scopedListIndex } from './common.ts'

/**
 * The study assistant's model endpoint (/home/ai): platform policy, one live row (`slot` is always 'model', the
 * partial unique index keeps a second one out whichever process writes). Any OpenAI-compatible chat-completions
 * server; the key is sealed at rest (server/lib/sealed.ts) and never answered. `dailyQuota` is the number of
 * questions each school may ask per day.
 */
export const assistantConfig = table(
  'ai_assistant_config',
  {
    ...commonColumns(),
    slot: text().notNull().default('model'),
    baseUrl: text().notNull(),
    model: text().notNull(),
    apiKey: text(),
    enabled: integer().notNull().default(0),
    dailyQuota: integer().notNull().default(200),
  },
  (t) => [liveUnique('ux_ai_assistant_config_slot', t.slot)],
)

/**
 * What the assistant retrieves from: one row per course section, courseware, courseware step and question (kind +
 * sourceId), its title and text. Kept current by triggers on those tables (db/migrations: *_assistant_search,
 * *_assistant_steps), not by the resources' hooks, so a write from any path — a resource, an import, the CLI, a
 * seed — reaches it. On SQLite an FTS5 index with the trigram tokenizer (which matches Chinese, unlike the default
 * tokenizer) is built over it with `passageId` as its stable rowid; on PostgreSQL pg_trgm GIN indexes serve the same substring matches.
 */
export const assistantPassage = table(
  'ai_assistant_passage',
  {
    passageId: integer().primaryKey({ autoIncrement: true }),
    /** section, ware, step (a courseware's step) or question. */
    kind: text().notNull(),
    sourceId: text().notNull(),
    title: text().notNull().default(''),
    body: text().notNull().default(''),
  },
  (t) => [uniqueIndex('ux_ai_assistant_passage_source').on(t.kind, t.sourceId)],
)

/** Questions a school asked on one day (UTC date): counted up by one conditional update, never past the quota. */
export const assistantUsage = table(
  'ai_assistant_usage',
  {
    tenantId: text().notNull(),
    day: text().notNull(),
    asked: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('ux_ai_assistant_usage_day').on(t.tenantId, t.day)],
)

/**
 * The audit of questions asked: who (create_user), when (create_time), which course, the question, the sections
 * cited (JSON list of section ids) and the tokens the endpoint reported, if it did. outcome: answered, failed.
 */
export const assistantQuestion = table(
  'ai_assistant_question',
  {
    ...commonColumns(),
    courseId: text().notNull(),
    courseTitle: text(),
    question: text().notNull(),
    citedSections: text(),
    answer: text(),
    outcome: text().notNull().default('answered'),
    promptTokens: integer(),
    completionTokens: integer(),
  },
  (t) => [scopedListIndex('ai_assistant_question', t)],
)
