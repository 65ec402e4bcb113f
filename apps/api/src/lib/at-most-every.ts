/**
 * A per-key gate for work worth doing at most once per `everyMs` (touching a "last used" column, asking a provider
 * again), remembered in memory for at most `maxKeys` keys (the oldest forgotten first). `pass(key, at)` answers
 * whether the key's last pass, or `since` when the caller knows a later one, is `everyMs` or more before `at`; a
 * pass is remembered.
 */
export function atMostEvery(everyMs: number, maxKeys = 10_000) {
  const passed = new Map<string, number>();
  return (key: string, at: number, since = 0): boolean => {
    if (at - Math.max(passed.get(key) ?? 0, since) < everyMs) return false;
    passed.delete(key);
    if (passed.size >= maxKeys) passed.delete(passed.keys().next().value as string);
    passed.set(key, at);
    return true;
  };
}
