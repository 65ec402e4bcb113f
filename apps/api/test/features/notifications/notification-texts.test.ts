import { describe, expect, it } from 'vitest';
import { noticeFor } from '../../../src/features/notifications/notification-texts.ts';

describe('document notices', () => {
  it('name a document without a file name in words, never by its key', () => {
    const notice = noticeFor({
      id: '00000000-0000-4000-8000-000000000001',
      type: 'document.uploaded',
      createdAt: '2026-11-26T09:00:00.000Z',
      data: {
        userId: '00000000-0000-4000-8000-000000000002',
        documents: [
          { documentName: 'articles_of_incorporation', originalFileName: '' },
          { documentName: 'status_report', originalFileName: 'report.pdf' },
        ],
      },
    });
    expect(notice?.body).toBe('Added: Articles of Incorporation, report.pdf.');
  });
});
