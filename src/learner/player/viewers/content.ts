/**
 * The slide content fields the viewers read (server/modules/slides/preview.ts builds them),
 * read defensively: the page's `content` is untyped JSON.
 */
export interface MediaFile {
  name: string;
  mime: string;
  address: string;
}

export interface MediaContent {
  file: MediaFile | null;
  /** set by the server only when the slide allows downloading */
  downloadAddress: string | null;
}

export const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

export function mediaContent(content: Record<string, unknown>): MediaContent {
  const f = content.file as Partial<MediaFile> | null | undefined;
  const file = f && typeof f.address === 'string' ? { name: f.name ?? '', mime: f.mime ?? '', address: f.address } : null;
  return { file, downloadAddress: content.downloadPermission === true ? textOf(content.downloadAddress) : null };
}

export const isPdf = (file: MediaFile) => file.mime === 'application/pdf' || /\.pdf$/i.test(file.name);

/** Translation key of this area. */
export const viewerKey = (key: string) => `app.playerViewers.${key}`;
