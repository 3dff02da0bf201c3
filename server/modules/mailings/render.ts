import { MAILING_FIELDS, type MailingField } from '../../../shared/calls/mailings.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { sanitizePlainText } from '../../richtext/index.js';

export type LetterFields = Record<MailingField, string>;

const PLACEHOLDER = /\{(\w+)\}/g;
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The {placeholders} of a template that are not course fields (shown as a form error). */
export function unknownFields(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]).filter((n) => !(MAILING_FIELDS as readonly string[]).includes(n));
}

/** Replaces each known {field}; in HTML the values are escaped (a student's name is text, never markup). */
export function fill(template: string, fields: LetterFields, html: boolean): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (name in fields ? (html ? escapeHtml(fields[name as MailingField]) : fields[name as MailingField]) : whole));
}

/** A date in the recipient's language and time zone (UTC when theirs is unknown). */
export function letterDate(date: Date | null, lang: Lang, timeZone: string | null): string {
  if (!date) return '';
  const locale = lang === 'en' ? 'en-GB' : 'ru-RU';
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: timeZone ?? 'UTC' }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  }
}

export interface RenderedLetter {
  subject: string;
  html: string;
  text: string;
}

/**
 * A letter for one recipient: the subject and the (already sanitised) body with the fields filled
 * in, and a footer in the recipient's language naming the course and linking to the profile, where
 * notifications are set up (no tracking link, no one-click unsubscribe address to guess).
 */
export function renderLetter(t: { subject: string; body: string }, fields: LetterFields, lang: Lang, profileLink: string): RenderedLetter {
  const subject = fill(t.subject, fields, false).replace(/[\r\n]+/g, ' ').trim();
  const body = fill(t.body, fields, true);
  const footer = translate(lang, 'mailings.footer', { course: fields.course, link: profileLink });
  const footerHtml = escapeHtml(translate(lang, 'mailings.footer', { course: fields.course, link: '\u0000' })).replace('\u0000', `<a href="${escapeHtml(profileLink)}">${escapeHtml(profileLink)}</a>`);
  const html = `<!doctype html><html lang="${lang}"><body>${body}<hr><p style="color:#666;font-size:12px">${footerHtml}</p></body></html>`;
  const text = `${sanitizePlainText(body.replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, '\n'))}\n\n--\n${footer}`;
  return { subject, html, text };
}
