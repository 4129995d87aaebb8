import { expect } from "bun:test";

/**
 * Each key of `answers`, given to `answer`, gives its value (compared with `toEqual`). For a function of one
 * text, or of one number written as a key, whose cases read best as input and output side by side.
 */
export function expectAnswers<A>(answer: (input: string) => A, answers: Record<string, A>): void {
  for (const [input, expected] of Object.entries(answers)) expect(answer(input)).toEqual(expected);
}
