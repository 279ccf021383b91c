import { PARTY_HEADQUARTERS, PARTY_NAME } from '@party/shared-contracts';
import { escapeHtml } from '../escape-html.js';

/** What an email says, independent of its two renderings. */
export interface EmailContent {
  subject: string;
  paragraphs: readonly string[];
  /** The one thing to do, as a button in HTML and a bare URL in text. */
  action?: { label: string; url: string };
  afterAction?: readonly string[];
  /** An image attached to the message (a check-in QR code), shown after the action by its `cid`. */
  image?: { cid: string; alt: string; size: number };
  /** Why the person receives this message, at its foot. */
  footnote: string;
  unsubscribeUrl?: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The party's email in plain text and HTML: its name and address at the foot, no images but one
 * attached to it, no remote resources, no tracking of any kind. Colours and sizes are inline because mail clients drop
 * stylesheets.
 */
export function renderEmail(content: EmailContent, siteOrigin: string): RenderedEmail {
  const foot = [PARTY_NAME, ...PARTY_HEADQUARTERS.addressLines, siteOrigin];
  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []),
    ...(content.afterAction ?? []),
    '—',
    content.footnote,
    ...(content.unsubscribeUrl ? [`Unsubscribe: ${content.unsubscribeUrl}`] : []),
    foot.join('\n'),
  ].join('\n\n');

  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#1f3c88;color:#ffffff;padding:12px 20px;border-radius:6px;font-weight:600;text-decoration:none">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#475569">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(content.action.url)}</span></p>`
    : '';
  const unsubscribe = content.unsubscribeUrl
    ? `<br><a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#475569">Unsubscribe</a>`
    : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;color:#1f3c88">${escapeHtml(PARTY_NAME)}</p>
${content.paragraphs.map(paragraph).join('\n')}
${action}
${content.image ? `<p style="margin:0 0 16px"><img src="cid:${escapeHtml(content.image.cid)}" alt="${escapeHtml(content.image.alt)}" width="${content.image.size}" height="${content.image.size}"></p>` : ''}
${(content.afterAction ?? []).map(paragraph).join('\n')}
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:13px;color:#475569">${escapeHtml(content.footnote)}${unsubscribe}</p>
<p style="max-width:560px;margin:8px auto 0;font-size:13px;color:#475569">${foot.map(escapeHtml).join('<br>')}</p>
</body>
</html>
`;
  return { subject: content.subject, text: `${text}\n`, html };
}
