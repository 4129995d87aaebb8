import {
  type ChallengeDifficulty,
  challengeDifficulties,
  challengeStatuses,
  type MatchingContent,
  type TaskContent,
  type TaskKind,
} from "../../shared/challenges-api.ts";
import { auditRow } from "./audit.ts";
import type { Row } from "./bulk-insert.ts";
import { categories, challengeFormats } from "./challenge-words.ts";
import { between, day, demoEpoch, iso } from "./demo-clock.ts";
import { everyThenPick, type Random } from "./random.ts";
import type { DemoSubSkill } from "./skill-tree.ts";
import { taskBanks } from "./task-bank.ts";
import type { DemoUser } from "./users.ts";

/** A generated task; the reports generator may still disable it, set its ratings or delete it. */
export interface DemoTask {
  id: string;
  kind: TaskKind;
  title: string;
  challengeId: string;
  creatorId: string;
  createdAt: number;
  content: TaskContent;
  row: Row & {
    enabled: boolean;
    hidden_by_reports: boolean;
    positive_ratings: number;
    negative_ratings: number;
  };
}

export interface DemoChallenges {
  categories: Row[];
  challenges: Row[];
  challengeSkills: Row[];
  tasks: DemoTask[];
  audit: Row[];
}

const rewardByKind: Record<TaskKind, number> = {
  MULTIPLE_CHOICE: 20,
  QUESTION: 25,
  MATCHING: 30,
  CODING: 80,
};
const rewardScale: Record<ChallengeDifficulty, number> = { EASY: 1, MEDIUM: 1.5, HARD: 2.5, EXPERT: 4 };
const weightedDifficulties: ChallengeDifficulty[] = [
  "EASY",
  "EASY",
  "MEDIUM",
  "MEDIUM",
  "MEDIUM",
  "HARD",
  "HARD",
  "EXPERT",
];
const weightedStatuses = [
  "PUBLISHED",
  "PUBLISHED",
  "PUBLISHED",
  "PUBLISHED",
  "PUBLISHED",
  "DRAFT",
  "ARCHIVED",
] as const;

type BankItem = { kind: TaskKind; title: string; content: () => TaskContent };

function bankItems(random: Random, rootIds: readonly string[]): BankItem[] {
  return rootIds.flatMap((rootId) => {
    const bank = taskBanks[rootId];
    if (!bank) return [];
    return [
      ...bank.multipleChoice.map(({ title, content }) => ({
        kind: "MULTIPLE_CHOICE" as const,
        title,
        content: () => content,
      })),
      ...bank.question.map(({ title, content }) => ({
        kind: "QUESTION" as const,
        title,
        content: () => content,
      })),
      ...bank.matching.map(({ title, pairs }) => ({
        kind: "MATCHING" as const,
        title,
        content: (): MatchingContent => {
          const right = random.shuffle(pairs.map(([, answer]) => answer));
          return {
            left: pairs.map(([item]) => item),
            right,
            matches: pairs.map(([, answer]) => right.indexOf(answer)),
          };
        },
      })),
      ...bank.coding.map(({ title, content }) => ({
        kind: "CODING" as const,
        title,
        content: () => content,
      })),
    ];
  });
}

/** A task of a challenge from a bank item: mostly by the challenge's creator, rewarded by its difficulty. */
function demoTask(
  random: Random,
  item: BankItem,
  challenge: { challengeId: string; creator: DemoUser; createdAt: number; difficulty: ChallengeDifficulty },
  people: { creators: DemoUser[] },
): DemoTask {
  const taskCreator = random.chance(0.75) ? challenge.creator : random.pick(people.creators);
  const taskCreated = between(
    random,
    Math.max(challenge.createdAt, taskCreator.createdAt),
    demoEpoch - 10 * day,
  );
  const xp = Math.round((rewardByKind[item.kind] * rewardScale[challenge.difficulty]) / 5) * 5;
  const content = item.content();
  const taskId = random.uuid();
  return {
    id: taskId,
    kind: item.kind,
    title: item.title,
    challengeId: challenge.challengeId,
    creatorId: taskCreator.id,
    createdAt: taskCreated,
    content,
    row: {
      id: taskId,
      challenge_id: challenge.challengeId,
      kind: item.kind,
      title: item.title,
      creator_id: taskCreator.id,
      xp,
      coins: Math.round(xp / random.pick([4, 5, 10])),
      fee: random.chance(item.kind === "CODING" ? 0.5 : 0.2) ? random.pick([5, 10, 15, 20, 30]) : 0,
      enabled: true,
      hidden_by_reports: false,
      retired: random.chance(0.05),
      content: JSON.stringify(content),
      positive_ratings: Math.floor(random.next() ** 2 * 80),
      negative_ratings: random.int(0, 6),
      created_at: iso(taskCreated),
      updated_at: iso(between(random, taskCreated, demoEpoch - day)),
    },
  };
}

/**
 * Twenty categories with five challenges each; every challenge holds three to six tasks drawn from
 * the task bank of its category's root skills, so all four kinds occur. Challenges are created by
 * admins or by community creators; tasks mostly by the challenge's creator.
 */
export function generateChallenges(
  random: Random,
  people: { admins: DemoUser[]; creators: DemoUser[] },
  subSkills: DemoSubSkill[],
): DemoChallenges {
  const result: DemoChallenges = {
    categories: [],
    challenges: [],
    challengeSkills: [],
    tasks: [],
    audit: [],
  };
  let challengeIndex = 0;
  for (const category of categories) {
    const categoryId = random.uuid();
    const categoryCreated = between(random, demoEpoch - 700 * day, demoEpoch - 600 * day);
    result.categories.push({
      id: categoryId,
      title: category.title,
      information: category.information,
      created_at: iso(categoryCreated),
      updated_at: iso(between(random, categoryCreated, demoEpoch - 30 * day)),
    });
    const skills = subSkills.filter((skill) => (category.roots as readonly string[]).includes(skill.rootId));
    for (const topic of category.topics) {
      const id = random.uuid();
      const byAdmin = random.chance(0.4);
      const creator = random.pick(byAdmin ? people.admins : people.creators);
      const createdAt = between(random, Math.max(categoryCreated, creator.createdAt), demoEpoch - 20 * day);
      const difficulty = everyThenPick(random, challengeIndex, challengeDifficulties, weightedDifficulties);
      const status = everyThenPick(random, challengeIndex, challengeStatuses, weightedStatuses);
      challengeIndex++;
      result.challenges.push({
        id,
        category_id: categoryId,
        title: topic,
        description: `${topic} (${category.title}). ${random.pick(challengeFormats)}`,
        difficulty,
        status,
        creator_id: creator.id,
        created_at: iso(createdAt),
        updated_at: iso(between(random, createdAt, demoEpoch - day)),
      });
      if (byAdmin) {
        result.audit.push(
          auditRow(random, {
            actorId: creator.id,
            action: "create",
            entity: "challenge",
            entityId: id,
            details: { title: topic },
            at: createdAt,
          }),
        );
      }
      for (const skill of random.sample(skills, random.int(1, 3))) {
        result.challengeSkills.push({ challenge_id: id, sub_skill_id: skill.id });
      }
      for (const item of random.sample(bankItems(random, category.roots), random.int(3, 6))) {
        result.tasks.push(
          demoTask(random, item, { challengeId: id, creator, createdAt, difficulty }, people),
        );
      }
    }
  }
  return result;
}
