import { RUNTIME_CACHES } from './cacheNames';
import { flush, forgetAccount, writesOf } from './queue';

/** How many of the account's answers still wait on the device after one more try to send them. */
export async function waitingAfterSending(account: string): Promise<number> {
  const waiting = async () => (await writesOf(account)).filter((w) => !w.refused).length;
  if ((await waiting()) === 0) return 0;
  await flush().catch(() => undefined);
  return waiting();
}

/** Signing out: the account's kept answers and the kept steps and reads leave the device. */
export async function forgetDevice(account: string): Promise<void> {
  await forgetAccount(account).catch(() => undefined);
  if ('caches' in window) await Promise.all(RUNTIME_CACHES.map((name) => caches.delete(name))).catch(() => undefined);
}
