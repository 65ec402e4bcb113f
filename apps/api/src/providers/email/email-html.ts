import { splitLinks } from '@bizdash/shared';
import { escapeHtml } from '../../lib/escape-html.ts';

/** A line of text as HTML: every character escaped, and addresses made into links (the escaped address as href). */
function lineHtml(line: string): string {
  return splitLinks(line)
    .map(({ text, href }) =>
      href ? `<a href="${escapeHtml(href)}" style="color:#1d4ed8">${escapeHtml(text)}</a>` : escapeHtml(text),
    )
    .join('');
}

/**
 * The HTML part of an email, made from its text part: the same words (so the two never disagree), paragraphs kept,
 * links clickable, and every value escaped, since the text carries what merchants and customers typed.
 */
export function htmlFromText(subject: string, text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="margin:0 0 16px">${paragraph.split('\n').map(lineHtml).join('<br>')}</p>`)
    .join('');
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    '<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,sans-serif;color:#0f172a">' +
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#fff;border-radius:12px;line-height:1.5">' +
    `<h1 style="margin:0 0 16px;font-size:18px">${escapeHtml(subject)}</h1>${paragraphs}` +
    '<p style="margin:24px 0 0;font-size:12px;color:#64748b">Bizdash</p></div></body></html>'
  );
}
