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

describe('security notices', () => {
  const signedIn = (userAgent: string | null) =>
    noticeFor({
      id: '00000000-0000-4000-8000-000000000003',
      type: 'security.signed_in',
      createdAt: '2026-11-26T09:00:00.000Z',
      data: { userId: '00000000-0000-4000-8000-000000000002', ip: '203.0.113.7', userAgent },
    })?.body;

  it('name the browser and system, never the raw User-Agent', () => {
    expect(
      signedIn(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Someone signed in to your account on Chrome on Linux from 203.0.113.7.');
    expect(
      signedIn(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Someone signed in to your account on Safari on iOS from 203.0.113.7.');
  });

  it('say "an unknown device" for a header that names neither, and print none of it', () => {
    const body = signedIn('<b>Click here</b> evil-bot');
    expect(body).toBe('Someone signed in to your account on an unknown device from 203.0.113.7.');
    expect(signedIn(null)).toBe('Someone signed in to your account on an unknown device from 203.0.113.7.');
  });
});
