/**
 * Bans set by resolving reports grow with each repeat of the same action by the same user
 * (PLATFORM-DOMAIN.md): 3 days, 7 days, 30 days, then permanent.
 */
export const banLadderDays = [3, 7, 30] as const;

const dayMs = 24 * 60 * 60 * 1000;

/** The length in days of the next ban after `earlierBans` bans of that user and action; null = permanent. */
export function escalatedBanDays(earlierBans: number): number | null {
  const step = Math.max(0, Math.floor(earlierBans));
  return banLadderDays[step] ?? null;
}

/** The ISO end of the next ban starting at `startsAt`; null = permanent. */
export function escalatedBanEnd(startsAt: Date, earlierBans: number): string | null {
  const days = escalatedBanDays(earlierBans);
  return days === null ? null : new Date(startsAt.getTime() + days * dayMs).toISOString();
}
