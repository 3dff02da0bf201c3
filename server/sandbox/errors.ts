import { AppError } from '../errors.js';
import { registerMessages } from '../i18n/messages.js';
import { SandboxBusyError } from './queue.js';
import { INPUT_LIMITS, SandboxInputError, SandboxUnavailableError } from './runner.js';

/**
 * The runner's refusals as the spec's error shape, one mapping for every call that runs
 * code (the question bank's execAll, the player's execTextCases and code answers):
 * 429 when the caller already has runs waiting, 503 when the sandbox is down or everybody's
 * queue is full, 400 for input it will not run. Anything else is rethrown.
 */
export function throwSandboxError(err: unknown): never {
  if (err instanceof SandboxBusyError && err.scope === 'account') {
    throw new AppError(429, 'SandboxQueueFull', { title: 'sandbox.accountBusy', description: 'sandbox.accountBusyHint' });
  }
  if (err instanceof SandboxBusyError) throw new AppError(503, 'SandboxBusy', { title: 'sandbox.busy' });
  if (err instanceof SandboxUnavailableError) throw new AppError(503, 'SandboxUnavailable', { title: 'sandbox.unavailable' });
  if (err instanceof SandboxInputError) {
    throw new AppError(400, 'SandboxInput', { title: 'sandbox.input', description: `sandbox.input.${err.reason}`, vars: inputVars });
  }
  throw err;
}

const KB = 1024;
const inputVars = {
  codeKb: INPUT_LIMITS.codeBytes / KB,
  files: INPUT_LIMITS.files,
  filesMb: INPUT_LIMITS.filesBytes / KB / KB,
  cases: INPUT_LIMITS.testCases,
  inputKb: INPUT_LIMITS.inputBytes / KB,
};

const ru = {
  'sandbox.accountBusy': 'Ваши предыдущие запуски кода ещё в очереди',
  'sandbox.accountBusyHint': 'Дождитесь их результатов и запустите код снова',
  'sandbox.busy': 'Слишком много запусков кода. Повторите через минуту',
  'sandbox.unavailable': 'Проверка кода сейчас недоступна: песочница не запускается на сервере',
  'sandbox.input': 'Код или тесты не подходят для запуска',
  'sandbox.input.fileName': 'Недопустимое или повторяющееся имя файла',
  'sandbox.input.tooManyFiles': 'Слишком много файлов: не больше {files}',
  'sandbox.input.filesTooLarge': 'Файлы слишком большие: вместе не больше {filesMb} МБ',
  'sandbox.input.codeTooLarge': 'Код слишком длинный: не больше {codeKb} КБ',
  'sandbox.input.tooManyCases': 'Слишком много тестов: не больше {cases}',
  'sandbox.input.inputTooLarge': 'Входные данные теста слишком большие: не больше {inputKb} КБ',
  'sandbox.input.language': 'Этот язык программирования не поддерживается',
};
const en: Record<keyof typeof ru, string> = {
  'sandbox.accountBusy': 'Your earlier code runs are still waiting in the queue',
  'sandbox.accountBusyHint': 'Wait for their results, then run the code again',
  'sandbox.busy': 'Too many code runs. Try again in a minute',
  'sandbox.unavailable': 'Code checking is unavailable right now: the sandbox does not start on the server',
  'sandbox.input': 'The code or the tests cannot be run',
  'sandbox.input.fileName': 'Invalid or repeated file name',
  'sandbox.input.tooManyFiles': 'Too many files: at most {files}',
  'sandbox.input.filesTooLarge': 'The files are too large: at most {filesMb} MB together',
  'sandbox.input.codeTooLarge': 'The code is too long: at most {codeKb} KB',
  'sandbox.input.tooManyCases': 'Too many test cases: at most {cases}',
  'sandbox.input.inputTooLarge': 'A test input is too large: at most {inputKb} KB',
  'sandbox.input.language': 'This programming language is not supported',
};
export const sandboxMessages = { ru, en };
registerMessages(sandboxMessages);
