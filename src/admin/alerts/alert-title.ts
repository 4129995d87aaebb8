/** The tab title with what waits in front: "(3) Users · Morph Admin"; nothing waiting, the title alone. */
export function titleWithCount(title: string, count: number): string {
  if (count <= 0) return title;
  return `(${count > 99 ? "99+" : count}) ${title}`;
}

/** A nav badge's text: the count, capped so the badge keeps its size. */
export function badgeText(count: number): string {
  return count > 99 ? "99+" : String(count);
}
