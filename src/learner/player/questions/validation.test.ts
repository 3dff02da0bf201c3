import { describe, expect, it } from 'vitest';
import { InputValueType } from '../../../../shared/enums';
import { fileProblem } from './fileLimits';
import { checkFreeAnswer } from './freeAnswer';
import { saveErrorKey } from './saveErrors';
import { initialOrder } from './SequenceForm';

describe('free answer check (as the server checks on save)', () => {
  it('integer', () => {
    expect(checkFreeAnswer(InputValueType.integer, ' -12 ')).toEqual({ ok: true, value: '-12' });
    expect(checkFreeAnswer(InputValueType.integer, '1.5')).toEqual({ ok: false, error: 'free.integer' });
    expect(checkFreeAnswer(InputValueType.integer, '')).toEqual({ ok: false, error: 'free.integer' });
  });

  it('float takes a comma or a dot', () => {
    expect(checkFreeAnswer(InputValueType.float, '3,5')).toEqual({ ok: true, value: '3.5' });
    expect(checkFreeAnswer(InputValueType.float, '.5')).toEqual({ ok: true, value: '.5' });
    expect(checkFreeAnswer(InputValueType.float, 'три')).toEqual({ ok: false, error: 'free.float' });
  });

  it('date is a real calendar day', () => {
    expect(checkFreeAnswer(InputValueType.date, '1991-02-20')).toEqual({ ok: true, value: '1991-02-20' });
    expect(checkFreeAnswer(InputValueType.date, '1991-02-30')).toEqual({ ok: false, error: 'free.date' });
    expect(checkFreeAnswer(InputValueType.date, '')).toEqual({ ok: false, error: 'free.date' });
  });

  it('boolean is true or false', () => {
    expect(checkFreeAnswer(InputValueType.boolean, 'false')).toEqual({ ok: true, value: 'false' });
    expect(checkFreeAnswer(InputValueType.boolean, '')).toEqual({ ok: false, error: 'free.boolean' });
  });

  it('string and textarea: not blank, at most 500 characters', () => {
    expect(checkFreeAnswer(InputValueType.text, 'x'.repeat(500))).toEqual({ ok: true, value: 'x'.repeat(500) });
    expect(checkFreeAnswer(InputValueType.text, 'x'.repeat(501))).toEqual({ ok: false, error: 'free.tooLong' });
    expect(checkFreeAnswer(InputValueType.string, '   ')).toEqual({ ok: false, error: 'free.required' });
    expect(checkFreeAnswer(InputValueType.string, 'def')).toEqual({ ok: true, value: 'def' });
  });
});

describe("free answer bounds (spec 2 §6, as the server's)", () => {
  it('numbers within min and max', () => {
    const b = { min: 1, max: 10 };
    expect(checkFreeAnswer(InputValueType.integer, '0', b)).toEqual({ ok: false, error: 'free.numberMin' });
    expect(checkFreeAnswer(InputValueType.integer, '11', b)).toEqual({ ok: false, error: 'free.numberMax' });
    expect(checkFreeAnswer(InputValueType.integer, 'x', b)).toEqual({ ok: false, error: 'free.integer' });
    expect(checkFreeAnswer(InputValueType.float, '10,0', b)).toEqual({ ok: true, value: '10.0' });
    expect(checkFreeAnswer(InputValueType.float, '10.5', b)).toEqual({ ok: false, error: 'free.numberMax' });
  });

  it('text lengths within min and max (never above 500)', () => {
    const b = { min: 3, max: 5 };
    expect(checkFreeAnswer(InputValueType.string, 'ab ', b)).toEqual({ ok: false, error: 'free.lengthMin' });
    expect(checkFreeAnswer(InputValueType.string, 'abcdef', b)).toEqual({ ok: false, error: 'free.tooLong' });
    expect(checkFreeAnswer(InputValueType.string, 'abc', b)).toEqual({ ok: true, value: 'abc' });
    expect(checkFreeAnswer(InputValueType.text, 'x'.repeat(501), { min: null, max: 1000 })).toEqual({ ok: false, error: 'free.tooLong' });
  });
});

describe('file limits (spec 2 §6)', () => {
  const limits = { html: '', maxFiles: 2, allowedExtensions: ['.PDF', 'txt'], maxFileSizeMb: 1 };
  it('checks the extension, the size (at or above the limit is refused) and the count', () => {
    expect(fileProblem({ name: 'a.pdf', size: 100 }, limits, 1)).toBeNull();
    expect(fileProblem({ name: 'a.exe', size: 100 }, limits, 1)).toEqual({ key: 'file.type', vars: { allowedExtensions: 'pdf, txt' } });
    expect(fileProblem({ name: 'a.txt', size: 1024 * 1024 }, limits, 1)).toEqual({ key: 'file.size', vars: { name: 'a.txt', maxFileSize: 1 } });
    expect(fileProblem({ name: 'a.txt', size: 1024 * 1024 - 1 }, limits, 2)).toBeNull();
    expect(fileProblem({ name: 'a.txt', size: 10 }, limits, 3)).toEqual({ key: 'file.tooMany', vars: { max: 2 } });
    expect(fileProblem({ name: 'noext', size: 10 }, { ...limits, allowedExtensions: [] }, 1)).toBeNull();
  });
});

describe('save errors (spec 3 §8.4)', () => {
  const err = (status: number, ErrorCode?: string) => ({ status, body: ErrorCode ? { ErrorCode } : {} });
  it('maps the codes to their texts; a field 400 keeps the server text', () => {
    expect(saveErrorKey(err(401, 'Unauthorized'), 'free')).toBe('errors.unauthorized');
    expect(saveErrorKey(err(404, 'NotFound'), 'free')).toBe('errors.notFound');
    expect(saveErrorKey(err(400, '16'), 'free')).toBe('errors.sessionNotFound');
    expect(saveErrorKey(err(400, '17'), 'code')).toBe('errors.timeExpired');
    expect(saveErrorKey(err(400, 'Validation'), 'free')).toBeNull();
    expect(saveErrorKey(err(413, 'StorageQuotaExceeded'), 'files')).toBeNull();
    expect(saveErrorKey(err(429, 'SandboxQueueFull'), 'code')).toBeNull();
    expect(saveErrorKey(err(500, 'InternalError'), 'files')).toBe('errors.fileSaveFailed');
    expect(saveErrorKey(new Error('offline'), 'answers')).toBe('errors.questionSaveFailed');
  });
});

describe('sequence pre-fill', () => {
  const items = [{ id: 1, text: 'a' }, { id: 2, text: 'b' }, { id: 3, text: 'c' }];
  it('uses the saved order only when it is a permutation of the items', () => {
    expect(initialOrder(items, [3, 1, 2]).map((i) => i.id)).toEqual([3, 1, 2]);
    expect(initialOrder(items, [3, 1]).map((i) => i.id)).toEqual([1, 2, 3]);
    expect(initialOrder(items, [3, 1, 9]).map((i) => i.id)).toEqual([1, 2, 3]);
  });
});
