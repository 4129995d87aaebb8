import type { SQL } from "bun";
import { is } from "superstruct";
import { skillIdSlug } from "../../../shared/skill-id-slug.ts";
import {
  type Course,
  defaultSkillTreeGrid,
  type RootSkill,
  type RootSkillCreate,
  type RootSkillDetail,
  type RootSkillUpdate,
  type SkillTree,
  SkillTreeGrid,
  type SubSkill,
  type SubSkillWrite,
  skillTreeErrors,
} from "../../../shared/skills-api.ts";
import { containsPattern, type ListQuery, listPage } from "../../http/list-query.ts";
import { recordAudit, recordDeletion } from "../audit/audit-log.ts";
import { type DependencyGraph, dependentsOf, findCycle, withDependencies } from "./skill-graph.ts";

export const skillTreeGridKey = "skill_tree_grid";

/** A write the tree refuses; thrown inside the transaction so nothing of the write is kept. */
export class SkillRefusal extends Error {
  readonly status: 400 | 404 | 409;
  readonly field: string | undefined;

  constructor(status: 400 | 404 | 409, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

interface RootRow {
  id: string;
  name: string;
  icon: string;
  grid_row: number;
  grid_column: number;
  sub_rows: number;
  sub_columns: number;
  created_at: string;
  updated_at: string;
}

interface SubRow {
  id: string;
  root_id: string;
  name: string;
  icon: string;
  grid_row: number;
  grid_column: number;
  courses: string;
  created_at: string;
  updated_at: string;
}

interface EdgeRow {
  skill_id: string;
  depends_on_id: string;
}

const rootColumns = "id, name, icon, grid_row, grid_column, sub_rows, sub_columns, created_at, updated_at";
const subColumns = "id, root_id, name, icon, grid_row, grid_column, courses, created_at, updated_at";

function toRootSkill(row: RootRow, graph: DependencyGraph): RootSkill {
  return {
    id: row.id,
    name: row.name,
    icon: row.icon,
    row: Number(row.grid_row),
    column: Number(row.grid_column),
    subRows: Number(row.sub_rows),
    subColumns: Number(row.sub_columns),
    dependencies: [...(graph.get(row.id) ?? [])],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function readCourses(value: string): Course[] {
  try {
    const courses: unknown = JSON.parse(value);
    return Array.isArray(courses) ? (courses as Course[]) : [];
  } catch {
    return [];
  }
}

function toSubSkill(row: SubRow, graph: DependencyGraph): SubSkill {
  return {
    id: row.id,
    rootId: row.root_id,
    name: row.name,
    icon: row.icon,
    row: Number(row.grid_row),
    column: Number(row.grid_column),
    dependencies: [...(graph.get(row.id) ?? [])],
    courses: readCourses(row.courses),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every skill of `ids` as a key (a skill without dependencies too), each with its sorted dependencies. */
function toGraph(ids: Iterable<string>, edges: EdgeRow[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const id of ids) graph.set(id, []);
  for (const edge of edges) graph.get(edge.skill_id)?.push(edge.depends_on_id);
  for (const dependencies of graph.values()) dependencies.sort();
  return graph;
}

async function rootGraph(sql: SQL): Promise<Map<string, string[]>> {
  const ids = (await sql`SELECT id FROM root_skills`) as Array<{ id: string }>;
  const edges = (await sql`SELECT skill_id, depends_on_id FROM root_skill_dependencies`) as EdgeRow[];
  return toGraph(
    ids.map((row) => row.id),
    edges,
  );
}

/** The dependency graph among the sub-skills of one root. */
async function subGraph(sql: SQL, rootId: string): Promise<Map<string, string[]>> {
  const ids = (await sql`SELECT id FROM sub_skills WHERE root_id = ${rootId}`) as Array<{ id: string }>;
  const edges = (await sql`SELECT d.skill_id, d.depends_on_id FROM sub_skill_dependencies d
    JOIN sub_skills s ON s.id = d.skill_id WHERE s.root_id = ${rootId}`) as EdgeRow[];
  return toGraph(
    ids.map((row) => row.id),
    edges,
  );
}

function parseGrid(value: string | null): SkillTreeGrid {
  if (value === null) return { ...defaultSkillTreeGrid };
  try {
    const grid: unknown = JSON.parse(value);
    return is(grid, SkillTreeGrid) ? { rows: grid.rows, columns: grid.columns } : { ...defaultSkillTreeGrid };
  } catch {
    return { ...defaultSkillTreeGrid };
  }
}

export async function readGrid(sql: SQL): Promise<SkillTreeGrid> {
  const [row] = (await sql`SELECT value FROM settings WHERE key = ${skillTreeGridKey}`) as Array<{
    value: string;
  }>;
  return parseGrid(row ? String(row.value) : null);
}

/**
 * Serialises writes to the tree: every one first writes the grid setting's row, which PostgreSQL locks
 * until commit and which makes SQLite's transaction the single writer. Checks for free cells, known
 * dependencies and cycles then see no concurrent change. Answers the grid as it stands.
 */
async function lockTree(tx: SQL): Promise<SkillTreeGrid> {
  await tx`INSERT INTO settings (key, value) VALUES (${skillTreeGridKey}, ${JSON.stringify(defaultSkillTreeGrid)})
    ON CONFLICT (key) DO NOTHING`;
  await tx`UPDATE settings SET value = value WHERE key = ${skillTreeGridKey}`;
  return readGrid(tx);
}

function checkWithinGrid(position: { row: number; column: number }, rows: number, columns: number): void {
  if (position.row >= rows) throw new SkillRefusal(400, `Must be at most ${rows - 1}`, "row");
  if (position.column >= columns) throw new SkillRefusal(400, `Must be at most ${columns - 1}`, "column");
}

/** Refuses dependencies outside `graph` (the skill's own level) and any that would close a cycle. */
function checkDependencies(
  graph: DependencyGraph,
  skillId: string,
  dependencies: readonly string[],
  unknownMessage: string,
): void {
  // The skill itself counts as known, so that depending on itself reads as the cycle it is.
  if (dependencies.some((id) => id !== skillId && !graph.has(id))) {
    throw new SkillRefusal(400, unknownMessage, "dependencies");
  }
  if (findCycle(withDependencies(graph, skillId, dependencies))) {
    throw new SkillRefusal(400, skillTreeErrors.cycle, "dependencies");
  }
}

const unique = (ids: readonly string[]): string[] => [...new Set(ids)].sort();

// Reads

/** The whole root grid with each root's dependencies and number of sub-skills. */
export async function readSkillTree(sql: SQL): Promise<SkillTree> {
  const grid = await readGrid(sql);
  const rows = (await sql`SELECT ${sql.unsafe(rootColumns)} FROM root_skills
    ORDER BY grid_row, grid_column`) as RootRow[];
  const graph = await rootGraph(sql);
  const counts = (await sql`SELECT root_id, count(*) AS total FROM sub_skills GROUP BY root_id`) as Array<{
    root_id: string;
    total: number | bigint | string;
  }>;
  const countOf = new Map(counts.map((row) => [row.root_id, Number(row.total)]));
  return {
    grid,
    roots: rows.map((row) => ({ ...toRootSkill(row, graph), subSkillCount: countOf.get(row.id) ?? 0 })),
  };
}

async function findRootRow(sql: SQL, id: string): Promise<RootRow | null> {
  const [row] = (await sql`SELECT ${sql.unsafe(rootColumns)} FROM root_skills WHERE id = ${id}`) as RootRow[];
  return row ?? null;
}

/** A root skill with all its sub-skills, or null. */
export async function findRootSkill(sql: SQL, id: string): Promise<RootSkillDetail | null> {
  const row = await findRootRow(sql, id);
  if (!row) return null;
  const rootDependencies = (await sql`SELECT skill_id, depends_on_id FROM root_skill_dependencies
    WHERE skill_id = ${id}`) as EdgeRow[];
  const subRows = (await sql`SELECT ${sql.unsafe(subColumns)} FROM sub_skills WHERE root_id = ${id}
    ORDER BY grid_row, grid_column`) as SubRow[];
  const graph = await subGraph(sql, id);
  return {
    ...toRootSkill(row, toGraph([id], rootDependencies)),
    subSkills: subRows.map((sub) => toSubSkill(sub, graph)),
  };
}

/** One page of a root's sub-skills, or null when the root does not exist. */
export async function listSubSkills(
  sql: SQL,
  rootId: string,
  query: ListQuery,
): Promise<{ items: SubSkill[]; total: number } | null> {
  if (!(await findRootRow(sql, rootId))) return null;
  const where = [sql`root_id = ${rootId}`];
  if (query.search) where.push(sql`lower(name) LIKE ${containsPattern(query.search)} ESCAPE '\\'`);
  const { rows, total } = await listPage<SubRow>(sql, {
    select: subColumns,
    from: sql`sub_skills`,
    where,
    query,
    tieBreaker: "id",
  });
  const graph = await subGraph(sql, rootId);
  return { items: rows.map((row) => toSubSkill(row, graph)), total };
}

/** A sub-skill of the given root, or null (also when it belongs to another root). */
export async function findSubSkill(sql: SQL, rootId: string, subId: string): Promise<SubSkill | null> {
  const [row] = (await sql`SELECT ${sql.unsafe(subColumns)} FROM sub_skills
    WHERE id = ${subId} AND root_id = ${rootId}`) as SubRow[];
  if (!row) return null;
  const edges = (await sql`SELECT skill_id, depends_on_id FROM sub_skill_dependencies
    WHERE skill_id = ${subId}`) as EdgeRow[];
  return toSubSkill(row, toGraph([subId], edges));
}

// Writes: each in one transaction with its dependencies and its audit entry.

export async function updateGrid(sql: SQL, grid: SkillTreeGrid, actorId: string): Promise<SkillTreeGrid> {
  return sql.begin(async (tx) => {
    const previous = await lockTree(tx);
    const [outside] = await tx`SELECT count(*) AS total FROM root_skills
      WHERE grid_row >= ${grid.rows} OR grid_column >= ${grid.columns}`;
    if (Number(outside.total) > 0) throw new SkillRefusal(409, skillTreeErrors.outsideGrid);
    const value = { rows: grid.rows, columns: grid.columns };
    await tx`UPDATE settings SET value = ${JSON.stringify(value)} WHERE key = ${skillTreeGridKey}`;
    await recordAudit(tx, {
      actorId,
      action: "update",
      entity: "skill_tree_grid",
      details: { ...value, previous },
    });
    return value;
  });
}

async function checkRootCellFree(tx: SQL, skillId: string, row: number, column: number): Promise<void> {
  const [taken] = await tx`SELECT id FROM root_skills
    WHERE grid_row = ${row} AND grid_column = ${column} AND id <> ${skillId}`;
  if (taken) throw new SkillRefusal(409, skillTreeErrors.cellTaken);
}

/** The dependency table of each level of the tree (constants: the only names put into SQL text). */
const dependencyTables = { root: "root_skill_dependencies", sub: "sub_skill_dependencies" } as const;

/** Replaces a skill's dependencies with `dependencies` (same shape at both levels of the tree). */
async function writeDependencies(
  tx: SQL,
  level: keyof typeof dependencyTables,
  skillId: string,
  dependencies: readonly string[],
): Promise<void> {
  const table = tx.unsafe(dependencyTables[level]);
  await tx`DELETE FROM ${table} WHERE skill_id = ${skillId}`;
  for (const dependsOn of dependencies) {
    await tx`INSERT INTO ${table} (skill_id, depends_on_id) VALUES (${skillId}, ${dependsOn})`;
  }
}

/** A skill's create or update at either level of the tree. */
interface SkillWrite<T> {
  level: keyof typeof dependencyTables;
  action: "create" | "update";
  /** What the audit entry tells of the skill besides its dependencies. */
  details: Record<string, unknown>;
  dependencies: readonly string[];
  actorId: string;
  /** Checks and stores the skill (its dependencies already deduplicated and sorted); answers its id. */
  store(tx: SQL, grid: SkillTreeGrid, dependencies: string[]): Promise<string>;
  /** The stored skill, answered by the write. */
  read(tx: SQL, id: string): Promise<T | null>;
}

/** Runs a skill write in one transaction on the locked tree; its dependencies and audit entry follow it. */
async function writeSkill<T>(sql: SQL, write: SkillWrite<T>): Promise<T> {
  const { level, action, actorId } = write;
  const dependencies = unique(write.dependencies);
  return sql.begin(async (tx) => {
    const id = await write.store(tx, await lockTree(tx), dependencies);
    await writeDependencies(tx, level, id, dependencies);
    const details = { ...write.details, dependencies };
    await recordAudit(tx, { actorId, action, entity: `${level}_skill`, entityId: id, details });
    return (await write.read(tx, id)) as T;
  });
}

const rootDetails = (input: RootSkillUpdate) => ({ name: input.name, row: input.row, column: input.column });

export function createRootSkill(sql: SQL, input: RootSkillCreate, actorId: string): Promise<RootSkillDetail> {
  return writeSkill(sql, {
    level: "root",
    action: "create",
    details: rootDetails(input),
    dependencies: input.dependencies,
    actorId,
    async store(tx, grid, dependencies) {
      if (await findRootRow(tx, input.id)) throw new SkillRefusal(409, skillTreeErrors.idTaken, "id");
      checkWithinGrid(input, grid.rows, grid.columns);
      await checkRootCellFree(tx, input.id, input.row, input.column);
      checkDependencies(await rootGraph(tx), input.id, dependencies, skillTreeErrors.unknownRootDependency);
      const now = new Date().toISOString();
      await tx`INSERT INTO root_skills (id, name, icon, grid_row, grid_column, sub_rows, sub_columns, created_at, updated_at)
        VALUES (${input.id}, ${input.name}, ${input.icon}, ${input.row}, ${input.column}, ${input.subRows},
          ${input.subColumns}, ${now}, ${now})`;
      return input.id;
    },
    read: findRootSkill,
  });
}

export function updateRootSkill(
  sql: SQL,
  id: string,
  input: RootSkillUpdate,
  actorId: string,
): Promise<RootSkillDetail> {
  return writeSkill(sql, {
    level: "root",
    action: "update",
    details: rootDetails(input),
    dependencies: input.dependencies,
    actorId,
    async store(tx, grid, dependencies) {
      if (!(await findRootRow(tx, id))) throw new SkillRefusal(404, skillTreeErrors.notFound);
      checkWithinGrid(input, grid.rows, grid.columns);
      await checkRootCellFree(tx, id, input.row, input.column);
      const [outside] = await tx`SELECT count(*) AS total FROM sub_skills
        WHERE root_id = ${id} AND (grid_row >= ${input.subRows} OR grid_column >= ${input.subColumns})`;
      if (Number(outside.total) > 0) throw new SkillRefusal(409, skillTreeErrors.outsideGrid);
      checkDependencies(await rootGraph(tx), id, dependencies, skillTreeErrors.unknownRootDependency);
      await tx`UPDATE root_skills SET name = ${input.name}, icon = ${input.icon}, grid_row = ${input.row},
        grid_column = ${input.column}, sub_rows = ${input.subRows}, sub_columns = ${input.subColumns},
        updated_at = ${new Date().toISOString()}
        WHERE id = ${id}`;
      return id;
    },
    read: findRootSkill,
  });
}

/** Deletes a root skill and, through the schema's cascades, its sub-skills and their dependencies. */
export async function deleteRootSkill(sql: SQL, id: string, actorId: string): Promise<void> {
  await sql.begin(async (tx) => {
    await lockTree(tx);
    const row = await findRootRow(tx, id);
    if (!row) throw new SkillRefusal(404, skillTreeErrors.notFound);
    if (dependentsOf(await rootGraph(tx), id).length > 0) {
      throw new SkillRefusal(409, skillTreeErrors.hasDependents);
    }
    const [subSkills] = await tx`SELECT count(*) AS total FROM sub_skills WHERE root_id = ${id}`;
    await tx`DELETE FROM root_skills WHERE id = ${id}`;
    await recordDeletion(tx, actorId, "root_skill", id, {
      name: row.name,
      subSkillCount: Number(subSkills.total),
    });
  });
}

/** A sub-skill name as an id part; "skill" when nothing of the name is left. */
export function slugify(name: string): string {
  return skillIdSlug(name) || "skill";
}

/**
 * A readable, stable id for a new sub-skill: `{rootId}-{slug of name}`, with `-2`, `-3`, … when taken
 * (ids are unique across all roots). Renaming the sub-skill later keeps its id.
 */
async function newSubSkillId(tx: SQL, rootId: string, name: string): Promise<string> {
  const base = `${rootId}-${slugify(name)}`;
  // Root ids and slugs hold no LIKE wildcards, so the prefix needs no escaping.
  const rows = (await tx`SELECT id FROM sub_skills WHERE id = ${base} OR id LIKE ${`${base}-%`}`) as Array<{
    id: string;
  }>;
  const taken = new Set(rows.map((row) => row.id));
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix++;
  return `${base}-${suffix}`;
}

/** The root of a sub-skill write (inside a locked tree), checked: the position fits its sub grid. */
async function subSkillRoot(tx: SQL, rootId: string, input: SubSkillWrite): Promise<RootRow> {
  const root = await findRootRow(tx, rootId);
  if (!root) throw new SkillRefusal(404, skillTreeErrors.notFound);
  checkWithinGrid(input, Number(root.sub_rows), Number(root.sub_columns));
  return root;
}

async function checkSubCellFree(
  tx: SQL,
  rootId: string,
  skillId: string,
  input: SubSkillWrite,
): Promise<void> {
  const [taken] = await tx`SELECT id FROM sub_skills WHERE root_id = ${rootId}
    AND grid_row = ${input.row} AND grid_column = ${input.column} AND id <> ${skillId}`;
  if (taken) throw new SkillRefusal(409, skillTreeErrors.cellTaken);
}

/** The fields of a sub-skill write: its audit details, dependencies and author, and its read. */
const subWrite = (rootId: string, input: SubSkillWrite, actorId: string) => ({
  level: "sub" as const,
  details: { rootId, name: input.name, row: input.row, column: input.column },
  dependencies: input.dependencies,
  actorId,
  read: (tx: SQL, id: string) => findSubSkill(tx, rootId, id),
});

export function createSubSkill(sql: SQL, rootId: string, input: SubSkillWrite, actorId: string) {
  return writeSkill(sql, {
    ...subWrite(rootId, input, actorId),
    action: "create",
    async store(tx, _grid, dependencies) {
      await subSkillRoot(tx, rootId, input);
      const id = await newSubSkillId(tx, rootId, input.name);
      await checkSubCellFree(tx, rootId, id, input);
      checkDependencies(await subGraph(tx, rootId), id, dependencies, skillTreeErrors.unknownSubDependency);
      const now = new Date().toISOString();
      await tx`INSERT INTO sub_skills (id, root_id, name, icon, grid_row, grid_column, courses, created_at, updated_at)
        VALUES (${id}, ${rootId}, ${input.name}, ${input.icon}, ${input.row}, ${input.column},
          ${JSON.stringify(input.courses)}, ${now}, ${now})`;
      return id;
    },
  });
}

export function updateSubSkill(
  sql: SQL,
  rootId: string,
  subId: string,
  input: SubSkillWrite,
  actorId: string,
): Promise<SubSkill> {
  return writeSkill(sql, {
    ...subWrite(rootId, input, actorId),
    action: "update",
    async store(tx, _grid, dependencies) {
      // Existence first: a missing sub-skill answers 404 whatever the body's position.
      if (!(await findSubSkill(tx, rootId, subId))) throw new SkillRefusal(404, skillTreeErrors.notFound);
      await subSkillRoot(tx, rootId, input);
      await checkSubCellFree(tx, rootId, subId, input);
      checkDependencies(
        await subGraph(tx, rootId),
        subId,
        dependencies,
        skillTreeErrors.unknownSubDependency,
      );
      await tx`UPDATE sub_skills SET name = ${input.name}, icon = ${input.icon}, grid_row = ${input.row},
        grid_column = ${input.column}, courses = ${JSON.stringify(input.courses)},
        updated_at = ${new Date().toISOString()}
        WHERE id = ${subId}`;
      return subId;
    },
  });
}

export async function deleteSubSkill(
  sql: SQL,
  rootId: string,
  subId: string,
  actorId: string,
): Promise<void> {
  await sql.begin(async (tx) => {
    await lockTree(tx);
    const sub = await findSubSkill(tx, rootId, subId);
    if (!sub) throw new SkillRefusal(404, skillTreeErrors.notFound);
    if (dependentsOf(await subGraph(tx, rootId), subId).length > 0) {
      throw new SkillRefusal(409, skillTreeErrors.hasDependents);
    }
    await tx`DELETE FROM sub_skills WHERE id = ${subId}`;
    await recordDeletion(tx, actorId, "sub_skill", subId, { rootId, name: sub.name });
  });
}
