import {
  type ChallengeDetail,
  type ChallengeDifficulty,
  ChallengeRequest,
  type ChallengeSkill,
  type ChallengeStatus,
} from "../../shared/challenges-api.ts";
import type { RootSkillDetail } from "../../shared/skills-api.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";

/** What the challenge form holds: texts as typed, codes ("" while none is chosen), chosen sub-skill ids. */
export interface ChallengeFormState {
  title: string;
  description: string;
  /** "" for no category. */
  categoryId: string;
  difficulty: ChallengeDifficulty | "";
  status: ChallengeStatus;
  skillIds: string[];
}

/** A new challenge starts as a draft, as the API would make it. */
export const emptyChallengeForm: ChallengeFormState = {
  title: "",
  description: "",
  categoryId: "",
  difficulty: "",
  status: "DRAFT",
  skillIds: [],
};

export function challengeFormFromDetail(challenge: ChallengeDetail): ChallengeFormState {
  return {
    title: challenge.title,
    description: challenge.description,
    categoryId: challenge.categoryId ?? "",
    difficulty: challenge.difficulty,
    status: challenge.status,
    skillIds: challenge.skills.map((skill) => skill.subSkillId),
  };
}

/** The body of `POST /api/challenges` and `PUT /api/challenges/:id` (a full replacement). */
export function challengeRequestFromForm(state: ChallengeFormState): Record<string, unknown> {
  return {
    categoryId: state.categoryId || null,
    title: state.title,
    description: state.description,
    difficulty: state.difficulty,
    status: state.status,
    skillIds: state.skillIds,
  };
}

/** Every field error of the form, by the shared schema the server checks the body with. */
export function validateChallengeForm(state: ChallengeFormState): FieldErrors {
  return fieldErrors(challengeRequestFromForm(state), ChallengeRequest);
}

/** The chosen ids with `id` added (once) or taken out, in the order they were chosen. */
export function toggleSkill(skillIds: readonly string[], id: string, chosen: boolean): string[] {
  const without = skillIds.filter((skillId) => skillId !== id);
  return chosen ? [...without, id] : without;
}

export interface SkillGroup {
  id: string;
  name: string;
  skills: Array<{ id: string; name: string }>;
}

/**
 * The sub-skills to choose from, by root skill in tree order. A skill the challenge already has but the
 * tree did not list (removed since) still shows under its root, so the admin can take it off.
 */
export function skillGroups(
  roots: readonly RootSkillDetail[],
  current: readonly ChallengeSkill[],
): SkillGroup[] {
  const groups: SkillGroup[] = roots.map((root) => ({
    id: root.id,
    name: root.name,
    skills: root.subSkills.map((skill) => ({ id: skill.id, name: skill.name })),
  }));
  for (const skill of current) {
    if (groups.some((group) => group.skills.some((choice) => choice.id === skill.subSkillId))) continue;
    let group = groups.find((candidate) => candidate.id === skill.rootSkillId);
    if (!group) {
      group = { id: skill.rootSkillId, name: skill.rootSkillId, skills: [] };
      groups.push(group);
    }
    group.skills.push({ id: skill.subSkillId, name: skill.name });
  }
  return groups.filter((group) => group.skills.length > 0);
}
