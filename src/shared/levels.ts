/**
 * Levels of the learning platform (PLATFORM-DOMAIN.md): level L needs 20·L² XP, so
 * `level = floor(sqrt(xp / 20))`, the same rule for a sub-skill, a root skill and a user's total.
 * The names are the admin spec's ten (§3), one per band of levels.
 */

export const xpPerLevelSquared = 20;

/** The ten names in rising order, each with the first level of its band. */
export const levelBands = [
  { from: 0, name: "Newbie" },
  { from: 1, name: "Novice" },
  { from: 6, name: "Beginner" },
  { from: 11, name: "Talented" },
  { from: 16, name: "Skilled" },
  { from: 21, name: "Intermediate" },
  { from: 26, name: "Seasoned" },
  { from: 31, name: "Experienced" },
  { from: 36, name: "Expert" },
  { from: 46, name: "God Tier" },
] as const;

export type LevelName = (typeof levelBands)[number]["name"];

export const levelNames: readonly LevelName[] = levelBands.map((band) => band.name);

/** The XP at which `level` starts. */
export function xpForLevel(level: number): number {
  const whole = Math.max(0, Math.floor(level));
  return xpPerLevelSquared * whole * whole;
}

/** The level reached with `xp` (negative or non-finite XP counts as none). */
export function levelFromXp(xp: number): number {
  if (!Number.isFinite(xp) || xp <= 0) return 0;
  let level = Math.floor(Math.sqrt(xp / xpPerLevelSquared));
  // The square root is rounded; settle exactly on the band edges, where the threshold is an integer.
  while (xpForLevel(level + 1) <= xp) level++;
  while (level > 0 && xpForLevel(level) > xp) level--;
  return level;
}

/** The name of the band `level` falls in. */
export function levelName(level: number): LevelName {
  let name: LevelName = "Newbie";
  for (const band of levelBands) if (level >= band.from) name = band.name;
  return name;
}

export interface LevelInfo {
  xp: number;
  level: number;
  levelName: LevelName;
}

/** XP with its level and level name, the shape every API answer shows them in. */
export function levelInfo(xp: number): LevelInfo {
  const level = levelFromXp(xp);
  return { xp, level, levelName: levelName(level) };
}
