import { percent, uploadWithProgress } from '../../../ui/upload';
import type { SaveAck } from '../../../../shared/calls/study/answers';
import { sendWithIdempotencyKey } from '../../../http/idempotency';

/**
 * Sends a file answer as multipart/form-data (fields `sessionId`, `file`) to the file save
 * path, with upload progress in percent; fails with the app's HttpError, so the save errors
 * map as the other saves' do. Sending the same file again after a lost answer reuses the write's
 * idempotency key: the server keeps one answer file, not two.
 */
export function uploadAnswer(url: string, attemptId: number, file: File, onProgress: (percent: number) => void): Promise<SaveAck> {
  const form = new FormData();
  form.append('sessionId', String(attemptId));
  form.append('file', file, file.name);
  return sendWithIdempotencyKey('POST', url, file, (headers) => uploadWithProgress<SaveAck>(url, form, (f) => onProgress(percent(f)), 'POST', headers));
}
