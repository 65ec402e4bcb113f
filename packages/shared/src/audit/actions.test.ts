import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from './actions.ts';

describe('audit action labels', () => {
  it('names every action once, in sentence case', () => {
    const labels = AUDIT_ACTIONS.map((action) => AUDIT_ACTION_LABELS[action]);
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
    for (const label of labels) {
      // Only the first letter is a capital, but for the acronyms API and URL.
      const rest = label.replace(/\b(?:API|URL)\b/g, 'x').slice(1);
      expect(rest).toBe(rest.toLowerCase());
      expect(label[0]).toBe(label[0]?.toUpperCase());
    }
  });
});
