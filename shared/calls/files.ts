import { z } from 'zod';
import { defineCalls } from '../http/call';

/** A stored file as the API answers it; `address` is where to fetch it (GET, same origin). */
export const storedFile = z.object({ id: z.number(), name: z.string(), mime: z.string(), size: z.number(), address: z.string() });

const fileId = z.object({ id: z.string().regex(/^\d{1,10}$/) });

/**
 * Stored files (spec 3 §8.6): downloads and pictures answer the bytes (use callUrl for links and
 * images), form uploads answer the stored file. Resumable uploads speak tus (TUS_ENDPOINT), not calls.
 */
export const fileCalls = defineCalls('files', {
  download: {
    method: 'GET',
    path: '/api/files/{id}',
    rule: 'signedIn',
    params: fileId,
    query: z.object({ download: z.string().optional() }),
    summary: 'Download a stored file (Range requests answer 206); ?download=1 forces an attachment',
  },
  picture: {
    method: 'GET',
    path: '/api/pictures/{id}',
    rule: 'public',
    params: fileId,
    summary: 'A picture uploaded through Storage/Picture/Upload (public: used in catalogue cards and rich text)',
  },
  upload: {
    method: 'POST',
    path: '/api/Instructors/Storage/Upload',
    rule: 'staff',
    idempotent: true,
    query: z.object({ kind: z.string().optional() }),
    bodyKind: 'multipart',
    response: storedFile,
    summary: 'Store one form file (field any name); ?kind=video|audio|pdf|pptx|picture|attachment picks the allow-list and limit',
  },
  pictureUpload: {
    method: 'POST',
    path: '/api/Instructors/Storage/Picture/Upload',
    rule: 'staff',
    idempotent: true,
    bodyKind: 'multipart',
    response: storedFile,
    summary: 'Store a PNG/JPEG picture (checked by its bytes, at most 10 MB); answers its address',
  },
});
