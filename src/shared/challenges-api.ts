import {
  array,
  boolean,
  defaulted,
  define,
  dynamic,
  type Infer,
  nullable,
  object,
  optional,
  refine,
  type Struct,
  unknown,
} from "superstruct";
import { integer, oneOf, optionalText, text } from "./form-rules.ts";

/**
 * Challenge categories, challenges and their tasks (subtasks) of four kinds: the request schemas the
 * platform API validates and the admin forms reuse, and the shapes the API answers.
 */

export const challengeDifficulties = ["EASY", "MEDIUM", "HARD", "EXPERT"] as const;
export type ChallengeDifficulty = (typeof challengeDifficulties)[number];

export const challengeStatuses = ["DRAFT", "PUBLISHED", "ARCHIVED"] as const;
export type ChallengeStatus = (typeof challengeStatuses)[number];

export const taskKinds = ["MULTIPLE_CHOICE", "QUESTION", "MATCHING", "CODING"] as const;
export type TaskKind = (typeof taskKinds)[number];

/** The solution environments a coding challenge may run in (the runner images the platform offers). */
export const codingEnvironments = ["python3", "node", "java17", "cpp17", "go", "rust"] as const;
export type CodingEnvironment = (typeof codingEnvironments)[number];

/** Upper bound of a task's XP, Morphcoins reward and fee: far above any real value, below overflow. */
export const maxTaskReward = 1_000_000;
export const maxChoiceEntries = 32;
export const maxAcceptedAnswers = 50;
export const maxChallengeSkills = 50;

export { oneOf };

/** A list of `min` to `max` entries, with a message that says which bound was missed. */
export function list<T, S>(entry: Struct<T, S>, min: number, max: number): Struct<T[], Struct<T, S>> {
  return refine(array(entry), "size", (value) => {
    if (value.length < min) return `Must have at least ${min} ${min === 1 ? "entry" : "entries"}`;
    if (value.length > max) return `Must have no more than ${max} entries`;
    return true;
  });
}

/** A non-blank entry of a list of texts (answers, matching sides). */
export function entryText(max: number): Struct<string, null> {
  return define<string>(`entryText(${max})`, (value) => {
    if (typeof value !== "string" || value.trim() === "") return "Must not be empty";
    return value.length <= max ? true : `Must be less than ${max + 1} characters`;
  });
}

/** A record id in a request: a non-empty text. */
const id = define<string>("id", (value) =>
  typeof value === "string" && value.trim() !== "" && value.length <= 200 ? true : "Must be an id",
);

// ---- Categories ----------------------------------------------------------------------------------

/** `POST /api/challenge-categories` and `PUT /api/challenge-categories/:id`. */
export const ChallengeCategoryRequest = object({
  title: text(2, 100),
  information: defaulted(optionalText(2000), ""),
});
export type ChallengeCategoryRequest = Infer<typeof ChallengeCategoryRequest>;

export interface ChallengeCategory {
  id: string;
  title: string;
  information: string;
  challengeCount: number;
  createdAt: string;
  updatedAt: string;
}

// ---- Challenges ----------------------------------------------------------------------------------

/** `POST /api/challenges` and `PUT /api/challenges/:id` (a full replacement; defaults fill omissions). */
export const ChallengeRequest = object({
  categoryId: defaulted(nullable(id), null),
  title: text(2, 120),
  description: defaulted(optionalText(5000), ""),
  difficulty: oneOf(challengeDifficulties),
  status: defaulted(oneOf(challengeStatuses), "DRAFT"),
  /** Sub-skill ids; duplicates are ignored. */
  skillIds: defaulted(list(id, 0, maxChallengeSkills), []),
});
export type ChallengeRequest = Infer<typeof ChallengeRequest>;

export interface PersonRef {
  id: string;
  name: string;
}

export interface ChallengeListItem {
  id: string;
  title: string;
  difficulty: ChallengeDifficulty;
  status: ChallengeStatus;
  category: { id: string; title: string } | null;
  taskCount: number;
  creator: PersonRef | null;
  createdAt: string;
  updatedAt: string;
}

export interface ChallengeSkill {
  subSkillId: string;
  name: string;
  rootSkillId: string;
}

export interface TaskSummary {
  id: string;
  kind: TaskKind;
  title: string;
  xp: number;
  coins: number;
  fee: number;
  enabled: boolean;
  retired: boolean;
}

export interface ChallengeDetail extends ChallengeListItem {
  categoryId: string | null;
  description: string;
  skills: ChallengeSkill[];
  tasks: TaskSummary[];
}

// ---- Task content, one schema per kind -------------------------------------------------------------

export const MultipleChoiceContent = refine(
  object({
    question: text(1, 5000),
    answers: list(object({ text: entryText(1000), correct: boolean() }), 1, maxChoiceEntries),
    singleChoice: boolean(),
  }),
  "correctAnswers",
  (value, context) => {
    const correct = value.answers.filter((answer) => answer.correct).length;
    const path = [...context.path, "answers"];
    if (correct === 0) return { message: "Mark at least one answer as correct", path };
    if (value.singleChoice && correct !== 1) {
      return { message: "A single-choice question has exactly one correct answer", path };
    }
    return true;
  },
);
export type MultipleChoiceContent = Infer<typeof MultipleChoiceContent>;

/**
 * The text of a regular-expression character class without its brackets (`a-z0-9_`, `^<>`), which the
 * answer's characters must all belong to. It may not close the class early: that would let it smuggle
 * in a whole expression.
 */
export const characterClass = define<string>("characterClass", (value) => {
  if (typeof value !== "string" || value === "") return "Must not be empty";
  if (value.length > 200) return "Must be less than 201 characters";
  return characterClassRegExp(value) ? true : "Must be a valid character class, such as a-z0-9";
});

/** The expression an answer must match for `allowedCharacters`, or null when the class is not valid. */
export function characterClassRegExp(classText: string): RegExp | null {
  for (let index = 0; index < classText.length; index++) {
    if (classText[index] === "\\") {
      if (index === classText.length - 1) return null;
      index++;
    } else if (classText[index] === "]") return null;
  }
  try {
    return new RegExp(`^[${classText}]*$`, "u");
  } catch {
    return null;
  }
}

export const QuestionContent = object({
  question: text(1, 5000),
  acceptedAnswers: list(entryText(1000), 1, maxAcceptedAnswers),
  caseSensitive: boolean(),
  ignoreWhitespace: defaulted(boolean(), false),
  allowedCharacters: optional(nullable(characterClass)),
});
export type QuestionContent = Infer<typeof QuestionContent>;

export const MatchingContent = refine(
  object({
    left: list(entryText(1000), 1, maxChoiceEntries),
    right: list(entryText(1000), 1, maxChoiceEntries),
    /** For each left entry, the index of its match in `right`. */
    matches: array(integer(0, maxChoiceEntries - 1)),
  }),
  "matches",
  function* (value, context) {
    if (value.matches.length !== value.left.length) {
      yield { message: "Give one match for each left entry", path: [...context.path, "matches"] };
      return;
    }
    for (const [index, match] of value.matches.entries()) {
      if (match >= value.right.length) {
        yield { message: "Must be the index of a right entry", path: [...context.path, "matches", index] };
      }
    }
  },
);
export type MatchingContent = Infer<typeof MatchingContent>;

export const CodingContent = object({
  description: text(1, 20000),
  timeLimitMs: integer(100, 60000),
  memoryLimitMb: integer(16, 4096),
  staticTests: integer(0, 100),
  randomTests: integer(0, 1000),
  /** The program that judges a submission's output. */
  evaluator: optionalText(100000),
  environment: oneOf(codingEnvironments),
  solutionCode: optionalText(100000),
});
export type CodingContent = Infer<typeof CodingContent>;

export interface TaskContentByKind {
  MULTIPLE_CHOICE: MultipleChoiceContent;
  QUESTION: QuestionContent;
  MATCHING: MatchingContent;
  CODING: CodingContent;
}
export type TaskContent = TaskContentByKind[TaskKind];

export const taskContentSchemas: { [K in TaskKind]: Struct<TaskContentByKind[K], unknown> } = {
  MULTIPLE_CHOICE: MultipleChoiceContent as Struct<MultipleChoiceContent, unknown>,
  QUESTION: QuestionContent as Struct<QuestionContent, unknown>,
  MATCHING: MatchingContent as Struct<MatchingContent, unknown>,
  CODING: CodingContent as Struct<CodingContent, unknown>,
};

function isTaskKind(value: unknown): value is TaskKind {
  return (taskKinds as readonly unknown[]).includes(value);
}

/** `content` checked against the schema of the request's `kind` (left alone while `kind` is invalid). */
const taskContent = dynamic<TaskContent>((_value, context) => {
  const parent = context.branch.at(-2) as { kind?: unknown } | undefined;
  const kind = parent?.kind;
  return (isTaskKind(kind) ? taskContentSchemas[kind] : unknown()) as Struct<TaskContent, unknown>;
});

/**
 * `POST /api/challenges/:id/tasks` and `PUT /api/tasks/:id` (a full replacement). `coins` is the
 * Morphcoins reward for solving the task; `fee` the Morphcoins a user pays to unlock it.
 */
export const TaskRequest = object({
  kind: oneOf(taskKinds),
  title: text(2, 120),
  xp: defaulted(integer(0, maxTaskReward), 0),
  coins: defaulted(integer(0, maxTaskReward), 0),
  fee: defaulted(integer(0, maxTaskReward), 0),
  enabled: defaulted(boolean(), true),
  retired: defaulted(boolean(), false),
  content: taskContent,
});
export type TaskRequest = Infer<typeof TaskRequest>;

// ---- Task answers -------------------------------------------------------------------------------------

/** The fields every task answer carries (lists show these; `coins` is the Morphcoins reward). */
export interface TaskFields extends TaskSummary {
  challenge: { id: string; title: string };
  creator: PersonRef | null;
  positiveRatings: number;
  negativeRatings: number;
  createdAt: string;
  updatedAt: string;
}

export interface TaskDetail extends TaskFields {
  content: TaskContent;
}

/** `GET /api/tasks/:id/multiple-choice`: the task fields with the question's content beside them. */
export type MultipleChoiceTask = TaskFields & MultipleChoiceContent;

/** `GET /api/tasks/:id/coding-challenge`: the task fields with the coding challenge's content. */
export type CodingChallengeTask = TaskFields & CodingContent;
