/**
 * Choices the skill forms offer, worked out from the skills already in the tree: the grid cells a skill
 * can sit in and the skills it can depend on. Pure, so the rules are tested without a browser.
 */

/** What the choices need to know of a skill, root or sub-skill alike. */
export interface PlacedSkill {
  id: string;
  name: string;
  icon: string;
  row: number;
  column: number;
  dependencies: readonly string[];
}

/** One cell of a grid (0-based, as the API counts) and the skill in it, if another skill holds it. */
export interface GridCell {
  key: string;
  row: number;
  column: number;
  occupant: Pick<PlacedSkill, "id" | "name" | "icon"> | null;
}

/** A cell as a select value: `"row:column"`. */
export const cellKey = (row: number, column: number) => `${row}:${column}`;

/** A select value back to its cell; null for "" or anything that is not one. */
export function parseCellKey(key: string): { row: number; column: number } | null {
  const match = /^(\d+):(\d+)$/.exec(key);
  return match ? { row: Number(match[1]), column: Number(match[2]) } : null;
}

/**
 * Every cell of a `rows` × `columns` grid, row by row, with the skill that holds it. The skill being
 * edited (`selfId`) does not hold its own cell, so it may stay where it is.
 */
export function gridCells(
  rows: number,
  columns: number,
  skills: readonly PlacedSkill[],
  selfId: string | null = null,
): GridCell[] {
  const holders = new Map(
    skills.filter((skill) => skill.id !== selfId).map((skill) => [cellKey(skill.row, skill.column), skill]),
  );
  const cells: GridCell[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const holder = holders.get(cellKey(row, column));
      cells.push({
        key: cellKey(row, column),
        row,
        column,
        occupant: holder ? { id: holder.id, name: holder.name, icon: holder.icon } : null,
      });
    }
  }
  return cells;
}

/** The first free cell, row by row, as a select value; "" when the grid is full. */
export function firstFreeCell(cells: readonly GridCell[]): string {
  return cells.find((cell) => !cell.occupant)?.key ?? "";
}

/** A skill that can be picked as a dependency; `missing` marks a chosen id the tree no longer has. */
export interface DependencyOption {
  id: string;
  name: string;
  icon: string;
  missing: boolean;
}

/**
 * The skills `selfId` may depend on: every other skill of its level in grid order, then any chosen id
 * the tree does not know (deleted meanwhile), so the admin sees it and can take it out.
 */
export function dependencyOptions(
  skills: readonly PlacedSkill[],
  selfId: string | null,
  chosen: readonly string[],
): DependencyOption[] {
  const options = skills
    .filter((skill) => skill.id !== selfId)
    .sort((a, b) => a.row - b.row || a.column - b.column || a.name.localeCompare(b.name))
    .map((skill) => ({ id: skill.id, name: skill.name, icon: skill.icon, missing: false }));
  const known = new Set(skills.map((skill) => skill.id));
  for (const id of chosen) {
    if (!known.has(id) && id !== selfId) options.push({ id, name: id, icon: "", missing: true });
  }
  return options;
}

/** The chosen dependencies with `id` ticked or not, sorted (the API answers them sorted, too). */
export function toggleDependency(chosen: readonly string[], id: string, on: boolean): string[] {
  const next = new Set(chosen);
  if (on) next.add(id);
  else next.delete(id);
  return [...next].sort();
}

/** Names for dependency ids, in the order given; an unknown id stands for itself. */
export function skillNames(
  ids: readonly string[],
  skills: readonly Pick<PlacedSkill, "id" | "name" | "icon">[],
): Array<{ id: string; name: string; icon: string; known: boolean }> {
  const byId = new Map(skills.map((skill) => [skill.id, skill]));
  return ids.map((id) => {
    const skill = byId.get(id);
    return skill
      ? { id, name: skill.name, icon: skill.icon, known: true }
      : { id, name: id, icon: "", known: false };
  });
}

/** The skills that depend directly on `id` (those that keep it from being deleted), in grid order. */
export function dependentsOf<S extends PlacedSkill>(skills: readonly S[], id: string): S[] {
  return skills
    .filter((skill) => skill.id !== id && skill.dependencies.includes(id))
    .sort((a, b) => a.row - b.row || a.column - b.column);
}

/** An icon that is a picture link rather than an emoji or a name. */
export function isImageIcon(icon: string): boolean {
  return /^(https?:\/\/|data:image\/)/i.test(icon.trim());
}
