import type { FastifyRequest } from 'fastify';
import { requestLang, validationError } from '../errors.js';
import { translate } from '../i18n/messages.js';
import './messages.js';

/** Our own stored files: pictureAddress and fileAddress of shared/files.ts. */
const OWN_FILE = /^\/api\/(pictures|files)\/\d+$/;

/**
 * A picture address is an absolute http(s) URL or one of our own file addresses
 * (`/api/pictures/{id}`, `/api/files/{id}`): never javascript:, data:, a protocol-relative
 * `//host` or another path of this site.
 */
export function isPictureAddress(value: string): boolean {
  if (OWN_FILE.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}

/** 400 on the field (translated) unless the value is empty or a picture address. */
export function checkPictureAddress(request: FastifyRequest, value: string | null | undefined, field = 'picture'): void {
  if (value && !isPictureAddress(value)) {
    throw validationError({ [field]: translate(requestLang(request), 'richtext.pictureAddress') });
  }
}
