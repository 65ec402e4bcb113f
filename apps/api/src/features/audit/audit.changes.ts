type Fields = Record<string, unknown>;

/**
 * What a settings change writes to the audit trail: the fields that changed, before and after, and nothing else
 * (an unchanged field is not news; a secret is never passed in). Null when nothing changed.
 */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } | null {
  const was: Fields = {};
  const now: Fields = {};
  for (const [key, next] of Object.entries(after)) {
    if (next === undefined) continue;
    const previous = before[key] ?? null;
    if (JSON.stringify(previous) === JSON.stringify(next)) continue;
    was[key] = previous;
    now[key] = next;
  }
  return Object.keys(now).length > 0 ? { before: was, after: now } : null;
}
