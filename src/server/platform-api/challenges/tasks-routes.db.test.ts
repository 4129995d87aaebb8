import { beforeAll, describe, expect, test } from "bun:test";
import type {
  ChallengeDetail,
  CodingChallengeTask,
  MultipleChoiceTask,
  TaskDetail,
  TaskFields,
} from "../../../shared/challenges-api.ts";
import { expectEqualAnswers } from "../../../shared/test-support/answer-cases.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { expectBadQueries } from "../../test-support/bad-request-cases.ts";
import {
  auditFor,
  type ChallengesTestApi,
  expectAdminOnly,
  isoDate,
  type Page,
  startChallengesTestApi,
} from "../../test-support/challenges-api-client.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";

let api: ChallengesTestApi;
let challenge: ChallengeDetail;

const multipleChoice = {
  question: "Which tags are block elements?",
  answers: [
    { text: "<div>", correct: true },
    { text: "<span>", correct: false },
    { text: "<p>", correct: true },
  ],
  singleChoice: false,
};

const question = {
  question: "What does HTML stand for?",
  acceptedAnswers: ["HyperText Markup Language"],
  caseSensitive: false,
};

const matching = {
  left: ["color", "margin", "display"],
  right: ["block", "red", "10px"],
  matches: [1, 2, 0],
};

const coding = {
  description: "Reverse a string.",
  timeLimitMs: 2000,
  memoryLimitMb: 256,
  staticTests: 5,
  randomTests: 20,
  evaluator: "print(input()[::-1] == output)",
  environment: "python3" as const,
  solutionCode: "print(input()[::-1])",
};

const taskBody = (overrides: Record<string, unknown> = {}) => ({
  kind: "MULTIPLE_CHOICE",
  title: "Block elements",
  xp: 50,
  coins: 10,
  fee: 3,
  content: multipleChoice,
  ...overrides,
});

const createTask = (body: Record<string, unknown>, challengeId = challenge.id, token?: string) =>
  api.expectJson<TaskDetail>("POST", `/api/challenges/${challengeId}/tasks`, body, 201, token);

const getJson = <T>(path: string) => api.getJson<T>(path);

async function taskCount(): Promise<number> {
  const [{ count }] = await api.sql`SELECT count(*) AS count FROM tasks`;
  return Number(count);
}

startBeforeAll(startChallengesTestApi, async (started) => {
  api = started;
  challenge = await api.create<ChallengeDetail>("/api/challenges", {
    title: "HTML basics",
    difficulty: "EASY",
  });
});

describe("task access", () => {
  test("every task endpoint answers 401 without a token and 403 to a USER", async () => {
    await expectAdminOnly(api, "GET", "/api/tasks");
    await expectAdminOnly(api, "GET", "/api/tasks/anything");
    await expectAdminOnly(api, "GET", "/api/tasks/anything/multiple-choice");
    await expectAdminOnly(api, "GET", "/api/tasks/anything/coding-challenge");
    await expectAdminOnly(api, "POST", `/api/challenges/${challenge.id}/tasks`, taskBody());
    await expectAdminOnly(api, "PUT", "/api/tasks/anything", taskBody());
    await expectAdminOnly(api, "DELETE", "/api/tasks/anything");
    expect(await taskCount()).toBe(0);
  });
});

describe("POST /api/challenges/:id/tasks", () => {
  test("creates a multiple choice task with every field and records the action", async () => {
    const task = await createTask(taskBody({ title: " Block elements " }));
    expect(task).toEqual({
      id: expect.any(String),
      challenge: { id: challenge.id, title: "HTML basics" },
      kind: "MULTIPLE_CHOICE",
      title: "Block elements",
      xp: 50,
      coins: 10,
      fee: 3,
      enabled: true,
      retired: false,
      content: multipleChoice,
      creator: { id: api.adminId, name: "admin" },
      positiveRatings: 0,
      negativeRatings: 0,
      createdAt: isoDate,
      updatedAt: task.createdAt,
    });
    const audit = await auditFor(api.sql, task.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: api.adminId, action: "create", entity: "task" });
    expect(JSON.parse(audit[0]?.details ?? "{}")).toEqual({
      challengeId: challenge.id,
      kind: "MULTIPLE_CHOICE",
      title: "Block elements",
    });
  });

  test("keeps the Morphcoins reward and the fee apart", async () => {
    const task = await createTask(taskBody({ coins: 25, fee: 7 }));
    const [row] = await api.sql`SELECT coins, fee FROM tasks WHERE id = ${task.id}`;
    expect([Number(row.coins), Number(row.fee)]).toEqual([25, 7]);
    expect([task.coins, task.fee]).toEqual([25, 7]);
  });

  test("creates a single-choice question with exactly one correct answer", async () => {
    const content = {
      question: "Pick the heading tag",
      answers: [
        { text: "<h1>", correct: true },
        { text: "<hr>", correct: false },
      ],
      singleChoice: true,
    };
    const task = await createTask(taskBody({ content }));
    expect(task.content).toEqual(content);
  });

  test("creates a question task; ignoreWhitespace defaults to false", async () => {
    const task = await createTask({ kind: "QUESTION", title: "Acronym", content: question });
    expect(task).toMatchObject({ kind: "QUESTION", xp: 0, coins: 0, fee: 0, enabled: true, retired: false });
    expect(task.content).toEqual({ ...question, ignoreWhitespace: false });
  });

  test("creates a question task with a character class", async () => {
    const content = {
      question: "Type a hex colour",
      acceptedAnswers: ["#ff0000", "#f00"],
      caseSensitive: true,
      ignoreWhitespace: true,
      allowedCharacters: "#0-9a-fA-F\\]",
    };
    const task = await createTask({ kind: "QUESTION", title: "Hex colour", content });
    expect(task.content).toEqual(content);
  });

  test("creates a matching task", async () => {
    const task = await createTask({
      kind: "MATCHING",
      title: "CSS values",
      content: matching,
      retired: true,
    });
    expect(task).toMatchObject({ kind: "MATCHING", retired: true });
    expect(task.content).toEqual(matching);
  });

  test("creates a coding task", async () => {
    const task = await createTask({
      kind: "CODING",
      title: "Reverse",
      xp: 200,
      content: coding,
      enabled: false,
    });
    expect(task).toMatchObject({ kind: "CODING", xp: 200, enabled: false });
    expect(task.content).toEqual(coding);
  });

  test("answers 404 when the challenge does not exist", async () => {
    const before = await taskCount();
    await expectError(await api.call("POST", "/api/challenges/missing/tasks", taskBody()), 404, {
      error: "Challenge not found",
    });
    expect(await taskCount()).toBe(before);
  });

  const answers = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ text: `a${i}`, correct: i === 0 }));
  const kindsList = "Must be one of MULTIPLE_CHOICE, QUESTION, MATCHING, CODING";
  const environments = "Must be one of python3, node, java17, cpp17, go, rust";
  const classError = "Must be a valid character class, such as a-z0-9";

  async function expectRefused(body: unknown, error: string, field: string) {
    const before = await taskCount();
    await expectError(await api.call("POST", `/api/challenges/${challenge.id}/tasks`, body), 400, {
      error,
      field,
    });
    expect(await taskCount()).toBe(before);
  }

  test.each([
    ["a missing kind", taskBody({ kind: undefined }), "kind is required", "kind"],
    ["an unknown kind", taskBody({ kind: "ESSAY" }), kindsList, "kind"],
    ["a missing title", taskBody({ title: undefined }), "title is required", "title"],
    ["a 1-character title", taskBody({ title: "T" }), "Must be greater than 1 characters", "title"],
    [
      "a 121-character title",
      taskBody({ title: "t".repeat(121) }),
      "Must be less than 121 characters",
      "title",
    ],
    ["negative xp", taskBody({ xp: -1 }), "Must be at least 0", "xp"],
    ["negative coins", taskBody({ coins: -5 }), "Must be at least 0", "coins"],
    ["a negative fee", taskBody({ fee: -1 }), "Must be at least 0", "fee"],
    ["a fractional fee", taskBody({ fee: 1.5 }), "Must be a whole number", "fee"],
    ["xp as text", taskBody({ xp: "10" }), "Must be a whole number", "xp"],
    ["too much xp", taskBody({ xp: 1_000_001 }), "Must be at most 1000000", "xp"],
    ["enabled as text", taskBody({ enabled: "yes" }), "enabled is invalid", "enabled"],
    ["retired as a number", taskBody({ retired: 1 }), "retired is invalid", "retired"],
    ["a missing content", taskBody({ content: undefined }), "content is required", "content"],
    ["content that is not an object", taskBody({ content: "text" }), "content is invalid", "content"],
    ["an unknown field", taskBody({ creatorId: "x" }), "Unknown field creatorId", "creatorId"],
    [
      "a missing singleChoice flag",
      taskBody({ content: { question: "Q", answers: answers(2) } }),
      "content.singleChoice is required",
      "content.singleChoice",
    ],
    [
      "question content under the multiple choice kind",
      taskBody({ content: question }),
      "content.answers is required",
      "content.answers",
    ],
    [
      "a missing caseSensitive flag",
      { kind: "QUESTION", title: "Qs", content: { question: "Q", acceptedAnswers: ["a"] } },
      "content.caseSensitive is required",
      "content.caseSensitive",
    ],
  ])("refuses %s with 400 and writes nothing", async (_label, body, error, field) => {
    await expectRefused(body, error, field);
  });

  /** Refusals of a kind's usual `content` with some fields changed; `field` is within content. */
  const refusesContent = (
    body: (content: Record<string, unknown>) => unknown,
    content: Record<string, unknown>,
    cases: Array<[string, Record<string, unknown>, string, string]>,
  ) =>
    test.each(cases)("refuses %s with 400 and writes nothing", async (_label, change, error, field) => {
      await expectRefused(body({ ...content, ...change }), error, `content.${field}`);
    });

  refusesContent((content) => taskBody({ content }), multipleChoice, [
    ["a choice question without its question", { question: "" }, "question is required", "question"],
    ["no answers", { answers: [] }, "Must have at least 1 entry", "answers"],
    ["33 answers", { answers: answers(33) }, "Must have no more than 32 entries", "answers"],
    [
      "an empty answer text",
      { answers: [{ text: " ", correct: true }] },
      "Must not be empty",
      "answers.0.text",
    ],
    [
      "an answer without its correct flag",
      { answers: [{ text: "yes" }] },
      "content.answers.0.correct is required",
      "answers.0.correct",
    ],
    [
      "no correct answer",
      { answers: [{ text: "no", correct: false }] },
      "Mark at least one answer as correct",
      "answers",
    ],
    [
      "two correct answers to a single-choice question",
      { singleChoice: true },
      "A single-choice question has exactly one correct answer",
      "answers",
    ],
  ]);

  refusesContent((content) => ({ kind: "QUESTION", title: "Qs", content }), question, [
    ["no accepted answers", { acceptedAnswers: [] }, "Must have at least 1 entry", "acceptedAnswers"],
    [
      "51 accepted answers",
      { acceptedAnswers: Array.from({ length: 51 }, (_, i) => `${i}`) },
      "Must have no more than 50 entries",
      "acceptedAnswers",
    ],
    ["a blank accepted answer", { acceptedAnswers: ["ok", ""] }, "Must not be empty", "acceptedAnswers.1"],
    [
      "a character class that does not compile",
      { allowedCharacters: "z-a" },
      classError,
      "allowedCharacters",
    ],
    [
      "a character class that closes itself early",
      { allowedCharacters: "a-z]|.*[" },
      classError,
      "allowedCharacters",
    ],
    [
      "a character class ending in a lone backslash",
      { allowedCharacters: "a-z\\" },
      classError,
      "allowedCharacters",
    ],
    ["an empty character class", { allowedCharacters: "" }, "Must not be empty", "allowedCharacters"],
  ]);

  refusesContent((content) => ({ kind: "MATCHING", title: "Ms", content }), matching, [
    ["an empty left side", { left: [], matches: [] }, "Must have at least 1 entry", "left"],
    [
      "33 right entries",
      { right: Array.from({ length: 33 }, (_, i) => `r${i}`) },
      "Must have no more than 32 entries",
      "right",
    ],
    ["fewer matches than left entries", { matches: [0, 1] }, "Give one match for each left entry", "matches"],
    [
      "a match beyond the right side",
      { matches: [0, 3, 1] },
      "Must be the index of a right entry",
      "matches.1",
    ],
    ["a negative match", { matches: [0, -1, 1] }, "Must be at least 0", "matches.1"],
  ]);

  refusesContent((content) => ({ kind: "CODING", title: "Cs", content }), coding, [
    ["a 99 ms time limit", { timeLimitMs: 99 }, "Must be at least 100", "timeLimitMs"],
    ["a 60001 ms time limit", { timeLimitMs: 60001 }, "Must be at most 60000", "timeLimitMs"],
    ["a 15 MB memory limit", { memoryLimitMb: 15 }, "Must be at least 16", "memoryLimitMb"],
    ["a 4097 MB memory limit", { memoryLimitMb: 4097 }, "Must be at most 4096", "memoryLimitMb"],
    ["101 static tests", { staticTests: 101 }, "Must be at most 100", "staticTests"],
    ["1001 random tests", { randomTests: 1001 }, "Must be at most 1000", "randomTests"],
    ["an unknown environment", { environment: "cobol" }, environments, "environment"],
    ["a missing description", { description: undefined }, "content.description is required", "description"],
    ["a missing solution", { solutionCode: undefined }, "content.solutionCode is required", "solutionCode"],
    ["an unknown content field", { language: "python" }, "Unknown field content.language", "language"],
  ]);
});

describe("GET /api/tasks/:id", () => {
  test("answers the creator of the task, found by the task's creator id", async () => {
    // The challenge belongs to the seeded admin; the task to another admin, then to a third person.
    const author = await api.newAdmin("Author");
    const task = await createTask(taskBody({ title: "Someone else's" }), challenge.id, author.token);
    const read = await getJson<TaskDetail>(`/api/tasks/${task.id}`);
    expect(read.creator).toEqual({ id: author.id, name: "Author" });
    const [third] = await api.sql`SELECT id FROM users WHERE email = ${"member@example.com"}`;
    await api.sql`UPDATE tasks SET creator_id = ${third.id} WHERE id = ${task.id}`;
    const reread = await getJson<TaskDetail>(`/api/tasks/${task.id}`);
    expect(reread.creator).toEqual({ id: third.id, name: "Member" });
  });

  test("answers a null creator once the account is gone", async () => {
    const gone = await api.newAdmin("Gone");
    const task = await createTask(taskBody({ title: "Orphan" }), challenge.id, gone.token);
    await api.sql`DELETE FROM users WHERE id = ${gone.id}`;
    const read = await getJson<TaskDetail>(`/api/tasks/${task.id}`);
    expect(read.creator).toBeNull();
  });

  test("answers 404 Subtask Not Found for an unknown id", async () => {
    await expectError(await api.call("GET", "/api/tasks/missing"), 404, { error: "Subtask Not Found" });
  });
});

describe("kind-specific reads", () => {
  let choiceTask: TaskDetail;
  let codingTask: TaskDetail;

  beforeAll(async () => {
    choiceTask = await createTask(taskBody({ title: "Kind read choice" }));
    codingTask = await createTask({ kind: "CODING", title: "Kind read coding", content: coding });
  });

  test("GET /api/tasks/:id/multiple-choice answers the task fields with the question", async () => {
    const read = await getJson<MultipleChoiceTask>(`/api/tasks/${choiceTask.id}/multiple-choice`);
    const { content: _, ...fields } = choiceTask;
    expect(read).toEqual({ ...fields, ...multipleChoice });
  });

  test("GET /api/tasks/:id/coding-challenge answers the task fields with the coding content", async () => {
    const read = await getJson<CodingChallengeTask>(`/api/tasks/${codingTask.id}/coding-challenge`);
    const { content: _, ...fields } = codingTask;
    expect(read).toEqual({ ...fields, ...coding });
    expect(read.solutionCode).toBe("print(input()[::-1])");
    expect(read.environment).toBe("python3");
  });

  test("answers MCQ Not Found for a missing task or another kind", async () => {
    for (const id of ["missing", codingTask.id]) {
      await expectError(await api.call("GET", `/api/tasks/${id}/multiple-choice`), 404, {
        error: "MCQ Not Found",
      });
    }
  });

  test("answers Coding Challenge Not Found for a missing task or another kind", async () => {
    for (const id of ["missing", choiceTask.id]) {
      await expectError(await api.call("GET", `/api/tasks/${id}/coding-challenge`), 404, {
        error: "Coding Challenge Not Found",
      });
    }
  });
});

describe("PUT /api/tasks/:id", () => {
  test("replaces fields, kind and content; creator and ratings stay", async () => {
    const task = await createTask(taskBody({ title: "To change" }));
    await api.sql`UPDATE tasks SET positive_ratings = 4, negative_ratings = 1 WHERE id = ${task.id}`;
    const editor = await api.newAdmin("TaskEditor");
    await Bun.sleep(2);
    const change = {
      kind: "MATCHING" as const,
      title: "Changed",
      xp: 5,
      coins: 6,
      fee: 7,
      enabled: false,
      retired: true,
      content: matching,
    };
    const updated = await api.expectJson<TaskDetail>(
      "PUT",
      `/api/tasks/${task.id}`,
      change,
      200,
      editor.token,
    );
    expect(updated).toEqual({
      ...task,
      ...change,
      positiveRatings: 4,
      negativeRatings: 1,
      updatedAt: expect.any(String),
    });
    expect(updated.updatedAt > task.updatedAt).toBe(true);
    const audit = await auditFor(api.sql, task.id);
    expect(audit.map((row) => [row.action, row.actor_id])).toEqual([
      ["create", api.adminId],
      ["update", editor.id],
    ]);
  });

  test("answers 404 Subtask Not Found for an unknown id", async () => {
    await expectError(await api.call("PUT", "/api/tasks/missing", taskBody()), 404, {
      error: "Subtask Not Found",
    });
  });

  test("refuses content that does not fit the new kind and keeps the task", async () => {
    const task = await createTask(taskBody({ title: "Stays" }));
    await expectError(await api.call("PUT", `/api/tasks/${task.id}`, taskBody({ kind: "CODING" })), 400, {
      error: "content.description is required",
      field: "content.description",
    });
    const negative = await api.call("PUT", `/api/tasks/${task.id}`, taskBody({ coins: -1 }));
    expect(await negative.json()).toEqual({ error: "Must be at least 0", field: "coins" });
    const read = await getJson<TaskDetail>(`/api/tasks/${task.id}`);
    expect(read).toEqual(task);
  });
});

describe("DELETE /api/tasks/:id", () => {
  test("deletes the task; a report on it keeps its snapshot", async () => {
    const task = await createTask(taskBody({ title: "Reported then deleted" }));
    const reportId = crypto.randomUUID();
    await api.sql`INSERT INTO reports (id, task_id, task_snapshot, reporter_id, reason, created_at)
      VALUES (${reportId}, ${task.id}, ${JSON.stringify({ kind: task.kind, title: task.title })}, NULL, 'WRONG',
        ${new Date().toISOString()})`;
    const response = await api.call("DELETE", `/api/tasks/${task.id}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect((await api.call("GET", `/api/tasks/${task.id}`)).status).toBe(404);
    const [report] = await api.sql`SELECT task_id, task_snapshot FROM reports WHERE id = ${reportId}`;
    expect(report.task_id).toBeNull();
    expect(JSON.parse(report.task_snapshot).title).toBe("Reported then deleted");
    const audit = await auditFor(api.sql, task.id);
    expect(audit.at(-1)).toMatchObject({ action: "delete", entity: "task", actor_id: api.adminId });
  });

  test("answers 404 Subtask Not Found for an unknown id", async () => {
    await expectError(await api.call("DELETE", "/api/tasks/missing"), 404, { error: "Subtask Not Found" });
  });
});

describe("GET /api/tasks", () => {
  let other: ChallengeDetail;
  let author: { id: string; token: string };
  let cheap: TaskDetail;
  let rich: TaskDetail;
  let hidden: TaskDetail;
  let code: TaskDetail;

  beforeAll(async () => {
    await api.sql`DELETE FROM tasks`;
    other = await api.create<ChallengeDetail>("/api/challenges", {
      title: "Other challenge",
      difficulty: "HARD",
    });
    author = await api.newAdmin("Lister");
    cheap = await createTask(taskBody({ title: "Cheap choice", xp: 10, coins: 1, fee: 30 }));
    await Bun.sleep(2);
    rich = await createTask({
      kind: "QUESTION",
      title: "Rich 100% question",
      xp: 30,
      coins: 50,
      fee: 0,
      content: question,
    });
    await Bun.sleep(2);
    hidden = await createTask(
      {
        kind: "MATCHING",
        title: "Hidden_match",
        xp: 20,
        coins: 20,
        fee: 10,
        enabled: false,
        content: matching,
      },
      other.id,
      author.token,
    );
    await Bun.sleep(2);
    code = await createTask(
      { kind: "CODING", title: "Code it", xp: 40, coins: 5, fee: 20, content: coding },
      other.id,
    );
  });

  const listOf = (query = "") => api.getJson<Page<TaskFields>>(`/api/tasks${query}`);
  const idsOf = async (query = "") => (await listOf(query)).items.map((item) => item.id);

  test("answers the newest first by default, without content", async () => {
    const page = await listOf();
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(page.items.map((item) => item.id)).toEqual([code.id, hidden.id, rich.id, cheap.id]);
    const { content: _, ...fields } = hidden;
    expect(page.items[1]).toEqual(fields);
    expect(page.items[1]?.creator).toEqual({ id: author.id, name: "Lister" });
  });

  test("sorts by xp, coins, fee, kind and creation date", async () => {
    await expectEqualAnswers(idsOf, [
      ["?sort=xp", [cheap.id, hidden.id, rich.id, code.id]],
      ["?sort=-coins", [rich.id, hidden.id, code.id, cheap.id]],
      ["?sort=fee", [rich.id, hidden.id, code.id, cheap.id]],
      ["?sort=kind", [code.id, hidden.id, cheap.id, rich.id]],
      ["?sort=createdAt", [cheap.id, rich.id, hidden.id, code.id]],
    ]);
  });

  test("filters by challenge, kind, enabled and creator, and searches titles", async () => {
    await expectEqualAnswers(idsOf, [
      [`?challengeId=${other.id}`, [code.id, hidden.id]],
      ["?kind=QUESTION", [rich.id]],
      ["?enabled=false", [hidden.id]],
      ["?enabled=true&sort=createdAt", [cheap.id, rich.id, code.id]],
      [`?creatorId=${author.id}`, [hidden.id]],
      [`?creatorId=${api.adminId}&challengeId=${other.id}`, [code.id]],
      ["?q=CHEAP", [cheap.id]],
      ["?q=100%25", [rich.id]],
      ["?q=_", [hidden.id]],
    ]);
    const paged = await listOf("?pageSize=3&page=2");
    expect(paged).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(paged.items.map((item) => item.id)).toEqual([cheap.id]);
  });

  test("refuses unknown filter values and sorts", async () => {
    await expectBadQueries(
      [
        [
          "?kind=ESSAY",
          { error: "kind must be one of MULTIPLE_CHOICE, QUESTION, MATCHING, CODING", field: "kind" },
        ],
        ["?enabled=maybe", { error: "enabled must be true or false", field: "enabled" }],
        [
          "?sort=title",
          {
            error: "sort must be one of createdAt, xp, coins, fee, kind (prefix - to reverse)",
            field: "sort",
          },
        ],
      ],
      (query) => api.call("GET", `/api/tasks${query}`),
    );
  });
});
