import type { Migration } from "../migrations.ts";

/**
 * The messenger's content: feedback flows, conversations with their messages and read
 * marks, bots, surveys and their answers, the help center, news and feature requests with votes. All of
 * it belongs to a widget project and goes with it. Same portable SQL as every migration: TEXT ids
 * (UUIDv7 where order matters), ISO TEXT dates, JSON as TEXT, BOOLEAN read through Boolean(), and
 * lower-cased `*_key` columns for case-insensitive uniqueness and search.
 */
export const messengerContent: Migration = {
  id: 9,
  name: "009-messenger-content",
  statements: [
    // Feedback flows: a host starts one by key (`Gleap.startFeedbackFlow("bugreporting")`).
    `CREATE TABLE feedback_flows (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      flow_key TEXT NOT NULL,
      key_lower TEXT NOT NULL,
      title TEXT NOT NULL,
      title_key TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      feedback_type TEXT NOT NULL,
      fields TEXT NOT NULL DEFAULT '[]',
      success_message TEXT NOT NULL DEFAULT '',
      show_on_home BOOLEAN NOT NULL DEFAULT FALSE,
      icon TEXT NOT NULL DEFAULT '',
      status TEXT NOT NULL,
      position INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      UNIQUE (project_id, key_lower)
    )`,
    `CREATE INDEX feedback_flows_home ON feedback_flows (project_id, status, position)`,

    // Bots: scripted steps the messenger walks through, ending in a handover to a conversation.
    `CREATE TABLE bots (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      name_key TEXT NOT NULL,
      avatar_url TEXT,
      steps TEXT NOT NULL DEFAULT '[]',
      status TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX bots_project ON bots (project_id, created_at)`,

    // Conversations of a visitor (a widget session) with staff. The share token is what the widget
    // names a conversation by (links, notifications): 32 random bytes, so it cannot be guessed.
    `CREATE TABLE conversations (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      session_id TEXT NOT NULL REFERENCES widget_sessions (id) ON DELETE CASCADE,
      share_token TEXT NOT NULL UNIQUE,
      subject TEXT NOT NULL,
      subject_key TEXT NOT NULL,
      status TEXT NOT NULL DEFAULT 'open',
      bot_id TEXT REFERENCES bots (id) ON DELETE SET NULL,
      collected TEXT NOT NULL DEFAULT '{}',
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      closed_at TEXT
    )`,
    `CREATE INDEX conversations_session ON conversations (session_id, updated_at)`,
    `CREATE INDEX conversations_project ON conversations (project_id, updated_at)`,
    `CREATE INDEX conversations_project_status ON conversations (project_id, status, updated_at)`,
    // Messages: ids are UUIDv7, so their order is the order they were written in, and a read mark is
    // the id of the last message read.
    `CREATE TABLE conversation_messages (
      id TEXT PRIMARY KEY,
      conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
      author TEXT NOT NULL,
      staff_user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
      author_name TEXT,
      avatar_url TEXT,
      text TEXT NOT NULL,
      attachments TEXT NOT NULL DEFAULT '[]',
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX conversation_messages_conversation ON conversation_messages (conversation_id, id)`,
    `CREATE INDEX conversation_messages_author ON conversation_messages (conversation_id, author, id)`,
    // One mark per conversation and reader (visitor, staff); it only ever moves forward.
    `CREATE TABLE conversation_read_marks (
      conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
      reader TEXT NOT NULL,
      last_read_message_id TEXT NOT NULL,
      read_at TEXT NOT NULL,
      PRIMARY KEY (conversation_id, reader)
    )`,

    // Surveys and their answers. The database itself keeps a session to one answer: an answer's
    // once_key is '' unless its survey allows more (then it is the answer's own id), and
    // (survey, session, once_key) is unique. The insert takes the flag from the survey row.
    `CREATE TABLE surveys (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      title TEXT NOT NULL,
      title_key TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      questions TEXT NOT NULL DEFAULT '[]',
      allow_multiple_answers BOOLEAN NOT NULL DEFAULT FALSE,
      thank_you_message TEXT NOT NULL DEFAULT '',
      status TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX surveys_project ON surveys (project_id, created_at)`,
    `CREATE TABLE survey_answers (
      id TEXT PRIMARY KEY,
      survey_id TEXT NOT NULL REFERENCES surveys (id) ON DELETE CASCADE,
      session_id TEXT REFERENCES widget_sessions (id) ON DELETE SET NULL,
      once_key TEXT NOT NULL,
      answers TEXT NOT NULL,
      created_at TEXT NOT NULL,
      UNIQUE (survey_id, session_id, once_key)
    )`,
    `CREATE INDEX survey_answers_session ON survey_answers (session_id)`,

    // Help center: collections of articles. body_text is the body as plain text, kept for search.
    `CREATE TABLE help_collections (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      title TEXT NOT NULL,
      title_key TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      icon TEXT NOT NULL DEFAULT '',
      position INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX help_collections_project ON help_collections (project_id, position)`,
    `CREATE TABLE help_articles (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      collection_id TEXT NOT NULL REFERENCES help_collections (id) ON DELETE CASCADE,
      title TEXT NOT NULL,
      title_key TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      body TEXT NOT NULL DEFAULT '',
      body_text TEXT NOT NULL DEFAULT '',
      status TEXT NOT NULL,
      position INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX help_articles_collection ON help_articles (collection_id, status, position)`,
    `CREATE INDEX help_articles_project ON help_articles (project_id, status)`,

    // News posts; published_at is set when a post first goes live.
    `CREATE TABLE news_posts (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      title TEXT NOT NULL,
      title_key TEXT NOT NULL,
      preview TEXT NOT NULL DEFAULT '',
      body TEXT NOT NULL DEFAULT '',
      cover_image_url TEXT,
      author_name TEXT NOT NULL DEFAULT '',
      status TEXT NOT NULL,
      published_at TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX news_posts_project ON news_posts (project_id, status, published_at)`,

    // Feature requests and their votes: one vote per session and request (the primary key).
    `CREATE TABLE feature_requests (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      session_id TEXT REFERENCES widget_sessions (id) ON DELETE SET NULL,
      title TEXT NOT NULL,
      title_key TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      status TEXT NOT NULL DEFAULT 'open',
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX feature_requests_project ON feature_requests (project_id, created_at)`,
    `CREATE TABLE feature_request_votes (
      feature_request_id TEXT NOT NULL REFERENCES feature_requests (id) ON DELETE CASCADE,
      session_id TEXT NOT NULL REFERENCES widget_sessions (id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      PRIMARY KEY (feature_request_id, session_id)
    )`,
    `CREATE INDEX feature_request_votes_session ON feature_request_votes (session_id)`,
  ],
};
