/** Order helpers for the dashboard list: pure, so the optimistic reorder and its tests share them. */

/** The list with the item `activeId` moved to where `overId` stands; undefined when nothing moves. */
export function moveById<T extends { id: string }>(
  list: readonly T[],
  activeId: string,
  overId: string,
): T[] | undefined {
  const from = list.findIndex((item) => item.id === activeId);
  const to = list.findIndex((item) => item.id === overId);
  if (from < 0 || to < 0 || from === to) return undefined;
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * The list in the order of `ids`. Items the ids do not name keep their relative order at the end, so
 * a dashboard added meanwhile by someone else is never dropped from the screen.
 */
export function orderDashboards<T extends { id: string }>(list: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(list.map((item) => [item.id, item]));
  const ordered = ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
  const named = new Set(ids);
  return [...ordered, ...list.filter((item) => !named.has(item.id))];
}
