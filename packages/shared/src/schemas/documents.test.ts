import { describe, expect, it } from 'vitest';
import { DeleteDocumentsRequestSchema } from './documents.ts';

const USER_ID = '5f0c6a3e-8d2b-4f7a-9c1e-2b3d4e5f6a7b';

describe('DeleteDocumentsRequestSchema', () => {
  it('accepts the names the documents list gave', () => {
    const parsed = DeleteDocumentsRequestSchema.safeParse({
      userId: USER_ID,
      documents: [{ derivedFileName: 'status_report-0.pdf', originalFileName: 'report (final).pdf' }],
    });
    expect(parsed.success).toBe(true);
  });

  it.each(['Ab\u0000', 'a\u001b[31m.pdf', 'x\u007f.pdf'])(
    'refuses a file name with a control character (%j)',
    (name) => {
      const parsed = DeleteDocumentsRequestSchema.safeParse({
        userId: USER_ID,
        documents: [{ derivedFileName: name, originalFileName: name }],
      });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
        'Document file name contains a character that is not allowed',
        'Original file name contains a character that is not allowed',
      ]);
    },
  );
});
