import { describe, expect, it } from 'vitest';
import { allMessages, translate } from '../../server/i18n/messages.js';
import { createTestApp } from './support/app.js';

const t = await createTestApp();

describe('error shape', () => {
  it('answers an unknown /api path with RouteNotFound in the spec shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body.ErrorCode).toBe('RouteNotFound');
    expect(typeof body.Title).toBe('string');
    expect(typeof body.Description).toBe('string');
  });

  it('translates error titles: Russian by default, English on request', async () => {
    const ru = await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    const en = await t.app.inject({ method: 'GET', url: '/api/no/such/route', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(ru.json().Title).toBe('Адрес не найден');
    expect(en.json().Title).toBe('Route not found');
  });

  it("answers a Russian interface in Russian: every server text has its Russian (the spec's English ones too)", () => {
    // texts that read the same in both languages: names, formats and the language's own name
    const same = new Set(['E-mail', 'PDF', 'English']);
    const ru = allMessages('ru');
    expect(Object.keys(ru).length).toBeGreaterThan(300); // every module's catalogue registered by the app
    expect(Object.entries(ru).filter(([, text]) => !/[а-яё]/i.test(text) && !same.has(text))).toEqual([]);
  });

  it('agrees a noun with its number: a `_one` form where the catalogue has one', () => {
    const ru = (count: number) => translate('ru', 'study.textTooLong', { count });
    expect(ru(21)).toBe('Введите данные менее 21 символа');
    expect(ru(5)).toBe('Введите данные менее 5 символов');
    expect(ru(2)).toBe('Введите данные менее 2 символов');
    expect(translate('en', 'study.textTooLong', { count: 1 })).toBe('Please enter data less than 1 character');
    expect(translate('en', 'study.textTooLong', { count: 2 })).toBe('Please enter data less than 2 characters');
    // without a number, or without forms, the text as it is
    expect(translate('ru', 'validation.required', { count: 1 })).toBe('Обязательное поле');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('serves the OpenAPI document at /api/docs in any letter case', async () => {
    // for signed-in staff (API_DOCS=staff, the default)
    const res = await t.app.inject({ method: 'GET', url: '/API/Docs/json', headers: (await t.signIn('Instructors')).headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});

describe('validation messages', () => {
  it('tells a missing field from a field of the wrong type', async () => {
    const i = await t.signIn('Instructors');
    const missing = await t.app.inject({ method: 'POST', url: '/api/breadcrumbs', headers: i.headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.inputModels).toBe('Обязательное поле');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/breadcrumbs', headers: i.headers, payload: { inputModels: 'abc' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.inputModels).toBe('Неверный тип значения');
  });
});
