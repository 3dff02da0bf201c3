import { translate, type Lang } from '../i18n/messages.js';

/**
 * Server-rendered pages of the embedded provider (login, logout, errors):
 * plain HTML, every value escaped, one external stylesheet, no scripts.
 */
export const STYLESHEET_PATH = '/oidc/assets/elp.css';

export const STYLESHEET = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  font-family:Roboto,"Segoe UI",Arial,sans-serif;background:#f3f5f9;color:#1f2933}
.card{width:100%;max-width:380px;margin:24px;padding:32px 28px;background:#fff;border-radius:12px;
  box-shadow:0 4px 24px rgba(15,23,42,.08)}
h1{margin:0 0 4px;font-size:1.5rem;font-weight:500}
.subtitle{margin:0 0 24px;color:#5f6b7a}
label{display:block;margin:16px 0 6px;font-size:.9rem;color:#3e4c59}
input{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #c5ced8;border-radius:8px}
input:focus{outline:2px solid #1976d2;outline-offset:0;border-color:#1976d2}
button{width:100%;margin-top:24px;padding:11px 12px;font-size:1rem;font-weight:500;color:#fff;
  background:#1976d2;border:0;border-radius:8px;cursor:pointer}
button:hover{background:#1565c0}
button.secondary{margin-top:12px;color:#1976d2;background:#fff;border:1px solid #1976d2}
.error{margin:0 0 8px;padding:10px 12px;color:#8a1c1c;background:#fdecea;border-radius:8px}
.lang{margin:20px 0 0;text-align:right;font-size:.9rem}
a{color:#1976d2}
`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

function layout(lang: Lang, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  lang: Lang;
  /** where the form posts (the interaction URL) */
  action: string;
  /** the same page in the other language */
  switchLangHref: string;
  login?: string;
  error?: string;
  /** a blocked login: no form fields are disabled, but the message explains the wait */
  blocked?: boolean;
}

export function loginPage(o: LoginPageOptions): string {
  const t = (key: string) => translate(o.lang, key);
  const error = o.error ? `<p class="error" role="alert" data-testid="login-error">${escapeHtml(o.error)}</p>\n` : '';
  return layout(
    o.lang,
    t('auth.login.title'),
    `<h1>${escapeHtml(t('auth.login.title'))}</h1>
<p class="subtitle">${escapeHtml(t('auth.login.subtitle'))}</p>
${error}<form method="post" action="${escapeHtml(o.action)}" autocomplete="on" novalidate>
<label for="login">${escapeHtml(t('auth.login.login'))}</label>
<input id="login" name="login" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(o.login ?? '')}"${o.login ? '' : ' autofocus'}>
<label for="password">${escapeHtml(t('auth.login.password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${o.login ? ' autofocus' : ''}>
<button type="submit">${escapeHtml(t('auth.login.submit'))}</button>
</form>
<p class="lang"><a href="${escapeHtml(o.switchLangHref)}" hreflang="${o.lang === 'ru' ? 'en' : 'ru'}">${escapeHtml(t('auth.login.switchLang'))}</a></p>`,
  );
}

export function messagePage(lang: Lang, title: string, message: string, link?: { href: string; text: string }): string {
  const a = link ? `\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '';
  return layout(lang, title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>${a}`);
}

/** The provider's RP-initiated logout confirmation; `form` is oidc-provider's own hidden form (id op.logoutForm). */
export function logoutPage(lang: Lang, form: string): string {
  const t = (key: string) => translate(lang, key);
  return layout(
    lang,
    t('auth.logout.title'),
    `<h1>${escapeHtml(t('auth.logout.title'))}</h1>
<p>${escapeHtml(t('auth.logout.question'))}</p>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(t('auth.logout.yes'))}</button>
<button class="secondary" type="submit" form="op.logoutForm">${escapeHtml(t('auth.logout.no'))}</button>`,
  );
}
