/**
 * The platform's level names (spec §1) in their own catalogue: the users' screens show them, and so
 * does the visitor panel beside a report or a conversation, whose areas do not load the users' texts.
 */
export const levelMessagesEnUS = {
  "level.Newbie": "Newbie",
  "level.Novice": "Novice",
  "level.Beginner": "Beginner",
  "level.Talented": "Talented",
  "level.Skilled": "Skilled",
  "level.Intermediate": "Intermediate",
  "level.Seasoned": "Seasoned",
  "level.Experienced": "Experienced",
  "level.Expert": "Expert",
  "level.God Tier": "God Tier",
} as const;

export const levelMessagesDe: Record<keyof typeof levelMessagesEnUS, string> = {
  "level.Newbie": "Neuling",
  "level.Novice": "Novize",
  "level.Beginner": "Anfänger",
  "level.Talented": "Talentiert",
  "level.Skilled": "Geübt",
  "level.Intermediate": "Fortgeschritten",
  "level.Seasoned": "Routiniert",
  "level.Experienced": "Erfahren",
  "level.Expert": "Experte",
  "level.God Tier": "Göttliche Stufe",
};
