import { expect } from "bun:test";

/** One input and the exact answer a pure function must give for it. */
export type AnswerCase<Input, Answer> = readonly [input: Input, answer: Answer];

/**
 * Checks a pure function against a table of cases, each answer compared with toBe, so a test that
 * pins many inputs reads as the table it is rather than a column of near-identical expect lines.
 */
export function expectAnswers<Input, Answer>(
  answer: (input: Input) => Answer,
  cases: readonly AnswerCase<Input, Answer>[],
): void {
  for (const [input, expected] of cases) expect(answer(input)).toBe(expected);
}

/**
 * The same with texts for inputs, written as the keys of `answers`, each answer compared with toEqual
 * (an answer may be a record): for a function of one text whose cases read best side by side.
 */
export function expectAnswersByText<Answer>(
  answer: (input: string) => Answer,
  answers: Record<string, Answer>,
): void {
  for (const [input, expected] of Object.entries(answers)) expect(answer(input)).toEqual(expected);
}

/** Checks that every input gets the same answer. */
export function expectSameAnswer<Input, Answer>(
  answer: (input: Input) => Answer,
  inputs: readonly Input[],
  expected: Answer,
): void {
  for (const input of inputs) expect(answer(input)).toBe(expected);
}

/**
 * Asks an async reader each case's question in turn and compares its answer with toEqual: a list's
 * query and the ids it must answer, in order.
 */
export async function expectEqualAnswers<Question, Answer>(
  read: (question: Question) => Promise<Answer>,
  cases: readonly AnswerCase<Question, Answer>[],
): Promise<void> {
  for (const [question, expected] of cases) {
    const answer: Answer = await read(question);
    expect(answer).toEqual(expected);
  }
}
