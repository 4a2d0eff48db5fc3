/**
 * Questions, answers, comments, tags, votes and views (SPEC §3), answer votes and revisions (issue 17), comment upvotes (issue 42). Authored content outlives its
 * author: deleting a user sets the author to NULL (shown as a deleted user) while that user's
 * votes and views go with the account (docs/decisions/0003-deleting-users.md).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const author = (name: string) => bigint(name, { mode: 'number' }).references(() => users.id, { onDelete: 'set null' });

export const tags = pgTable(
  'tags',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('tags_name_lower_key').on(sql`lower(${t.name})`)],
);

export const questions = pgTable(
  'questions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** The text rendered to sanitised HTML when written; NULL: render when read. */
    html: text('html'),
    askedBy: author('asked_by'),
    askDateTime: timestamp('ask_date_time', { withTimezone: true }).notNull().defaultNow(),
    lastActivity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
    answerCount: integer('answer_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    score: integer('score').notNull().default(0),
    /** The answer the asker accepted (migration 0012; the foreign key is in the SQL: the tables reference each other). */
    acceptedAnswerId: bigint('accepted_answer_id', { mode: 'number' }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Where an imported question came from (CC BY-SA attribution), NULL for native ones. */
    sourceUrl: text('source_url'),
    sourceAuthor: text('source_author'),
    sourceAuthorUrl: text('source_author_url'),
  },
  (t) => [
    index('questions_ask_idx').on(t.askDateTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('questions_activity_idx').on(t.lastActivity.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('questions_views_idx').on(
      t.viewCount.desc().nullsFirst(),
      t.askDateTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('questions_unanswered_idx')
      .on(t.askDateTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`answer_count = 0`),
    index('questions_asked_by_idx').on(t.askedBy),
    uniqueIndex('questions_source_url_key').on(t.sourceUrl),
    index('questions_accepted_answer_idx')
      .on(t.acceptedAnswerId)
      .where(sql`accepted_answer_id IS NOT NULL`),
    // Search operators' selective reads (migration 0076): score:, answers:, closed:yes.
    index('questions_score_idx').on(t.score.desc(), t.askDateTime.desc(), t.id.desc()),
    index('questions_answer_count_idx').on(t.answerCount.desc(), t.askDateTime.desc(), t.id.desc()),
    index('questions_closed_idx')
      .on(t.askDateTime.desc(), t.id.desc())
      .where(sql`closed_at IS NOT NULL`),
  ],
);

export const questionTags = pgTable(
  'question_tags',
  {
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    tagId: bigint('tag_id', { mode: 'number' })
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    /** The question's ask time, copied by a trigger (migration 0011) so a tag's list is read from one index in order. */
    askDateTime: timestamp('ask_date_time', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.tagId] }),
    index('question_tags_tag_time_idx').on(
      t.tagId,
      t.askDateTime.desc().nullsFirst(),
      t.questionId.desc().nullsFirst(),
    ),
  ],
);

export const answers = pgTable(
  'answers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    html: text('html'),
    ansBy: author('ans_by'),
    ansDateTime: timestamp('ans_date_time', { withTimezone: true }).notNull().defaultNow(),
    /** Sum of its votes, kept with them (the same transaction). */
    score: integer('score').notNull().default(0),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    sourceUrl: text('source_url'),
    sourceAuthor: text('source_author'),
    sourceAuthorUrl: text('source_author_url'),
  },
  (t) => [
    index('answers_question_idx').on(t.questionId, t.ansDateTime),
    // A REST summary's answer ids, in order, from the index alone (migration 0023).
    index('answers_question_ids_idx').on(t.questionId, t.id),
    uniqueIndex('answers_source_url_key').on(t.sourceUrl),
    index('answers_ans_by_idx').on(t.ansBy),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    text: text('text').notNull(),
    html: text('html'),
    commentBy: author('comment_by'),
    commentDateTime: timestamp('comment_date_time', { withTimezone: true }).notNull().defaultNow(),
    questionId: bigint('question_id', { mode: 'number' }).references(() => questions.id, { onDelete: 'cascade' }),
    answerId: bigint('answer_id', { mode: 'number' }).references(() => answers.id, { onDelete: 'cascade' }),
    sourceId: text('source_id'),
  },
  (t) => [
    check('comments_one_parent', sql`(${t.questionId} IS NULL) <> (${t.answerId} IS NULL)`),
    index('comments_question_idx').on(t.questionId, t.commentDateTime),
    // A REST summary's comment ids, in order, from the index alone (migration 0023).
    index('comments_question_ids_idx')
      .on(t.questionId, t.id)
      .where(sql`${t.questionId} IS NOT NULL`),
    index('comments_answer_idx').on(t.answerId, t.commentDateTime),
    uniqueIndex('comments_source_id_key').on(t.sourceId),
  ],
);

export const questionVotes = pgTable(
  'question_votes',
  {
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    /** When cast or last changed (migration 0068); null for votes cast before it, never counted as serial. */
    votedAt: timestamp('voted_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.userId] }),
    check('question_votes_value', sql`${t.value} IN (-1, 1)`),
    index('question_votes_user_idx').on(t.userId),
  ],
);

export const answerVotes = pgTable(
  'answer_votes',
  {
    answerId: bigint('answer_id', { mode: 'number' })
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    /** When cast or last changed (migration 0068); null for votes cast before it, never counted as serial. */
    votedAt: timestamp('voted_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.answerId, t.userId] }),
    check('answer_votes_value', sql`${t.value} IN (-1, 1)`),
    index('answer_votes_user_idx').on(t.userId),
  ],
);

/** Comment upvotes (issue 42, migration 0077): who upvoted which comment, once; its score is their count. */
export const commentVotes = pgTable(
  'comment_votes',
  {
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    votedAt: timestamp('voted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_votes_user_idx').on(t.userId)],
);

/**
 * What a question said before each edit: who edited, when, and the old title, text and tags;
 * `diff`, the word diff to the next version (title, tags, text), stored the first time the
 * revisions page reads it (migration 0028).
 */
export const questionRevisions = pgTable(
  'question_revisions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    editedBy: author('edited_by'),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    tags: text('tags').array().notNull(),
    diff: jsonb('diff'),
  },
  (t) => [index('question_revisions_question_idx').on(t.questionId, t.id)],
);

/** What an answer said before each edit, and its stored diff to the next version. */
export const answerRevisions = pgTable(
  'answer_revisions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    answerId: bigint('answer_id', { mode: 'number' })
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    editedBy: author('edited_by'),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
    text: text('text').notNull(),
    diff: jsonb('diff'),
  },
  (t) => [index('answer_revisions_answer_idx').on(t.answerId, t.id)],
);

export const questionViews = pgTable(
  'question_views',
  {
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] })],
);
