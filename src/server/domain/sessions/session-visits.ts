/**
 * A visit: a session's activity with no gap of this long. A session start,
 * a ping or an identify after such a gap begins a new visit (`widget_sessions.visit_started_at`).
 */
export const visitIdleMs = 30 * 60_000;
