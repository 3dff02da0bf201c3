import { fileAddress, TUS_ENDPOINT } from '../../../shared/files.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { getFileRow } from '../../files/index.js';

export interface VideoInfo {
  link: string;
  downloadLinks: { link: string; quality: string; fileSize: number }[];
}

/**
 * Where hosted-video slides (route `kinescope`, ContentKind 31) keep their video. The
 * default plays from our own storage (tus upload, Range downloads); an external hosting
 * service is an adapter chosen by configuration (KINESCOPE_API_TOKEN).
 */
export interface HostedVideoAdapter {
  readonly name: 'storage' | 'kinescope';
  /** an endpoint to send the bytes to (resumable), for a new hosted-video slide */
  createUpload(input: { title: string; filename: string; size: number; slideId: number }): Promise<{ uploadEndpoint: string; metadata: Record<string, string> }>;
  /** details of a video by its link (GET get-kinescope-video-info) */
  videoInfo(db: Db, link: string): Promise<VideoInfo>;
}

/** Our own storage: the tus endpoint; on finish the file is attached to the slide (upload target 'hosted-video'). */
export const storageAdapter: HostedVideoAdapter = {
  name: 'storage',
  async createUpload({ filename, slideId }) {
    return { uploadEndpoint: TUS_ENDPOINT, metadata: { filename, kind: 'video', target: 'hosted-video', targetId: String(slideId) } };
  },
  async videoInfo(db, link) {
    const m = /\/api\/files\/(\d{1,10})(?:[/?#]|$)/.exec(link);
    const file = m ? await getFileRow(db, Number(m[1])) : null;
    if (!file) throw new AppError(404, 'NotFound', { title: 'slides.videoNotFound' });
    const address = fileAddress(file.id);
    return { link: address, downloadLinks: [{ link: `${address}?download=1`, quality: 'original', fileSize: file.size }] };
  },
};

/**
 * Kinescope (the spec's external hosting), used only when KINESCOPE_API_TOKEN is set.
 * Not exercised by the tests (no network there); calls follow Kinescope's public API.
 */
export function kinescopeAdapter(token: string, opts: { parentId?: string; fetchImpl?: typeof fetch } = {}): HostedVideoAdapter {
  const f = opts.fetchImpl ?? fetch;
  return {
    name: 'kinescope',
    async createUpload({ title, filename, size }) {
      const res = await f('https://uploader.kinescope.io/v2/init', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'video', title, filename, filesize: size, parent_id: opts.parentId }),
      });
      if (!res.ok) throw new AppError(502, 'Kinescope.UploadInit', { title: 'upload.kinescopeFailed' });
      const json = (await res.json()) as { data?: { endpoint?: string; id?: string } };
      if (!json.data?.endpoint) throw new AppError(502, 'Kinescope.UploadInit', { title: 'upload.kinescopeFailed' });
      return { uploadEndpoint: json.data.endpoint, metadata: { filename, videoId: json.data.id ?? '' } };
    },
    async videoInfo(_db, link) {
      const id = /kinescope\.io\/(?:embed\/)?([A-Za-z0-9_-]+)/.exec(link)?.[1];
      if (!id) throw new AppError(404, 'NotFound', { title: 'slides.videoNotFound' });
      const res = await f(`https://api.kinescope.io/v1/videos/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new AppError(404, 'NotFound', { title: 'slides.videoNotFound' });
      const json = (await res.json()) as { data?: { play_link?: string; assets?: { url?: string; quality?: string; file_size?: number }[] } };
      return {
        link: json.data?.play_link ?? link,
        downloadLinks: (json.data?.assets ?? []).filter((a) => a.url).map((a) => ({ link: a.url!, quality: a.quality ?? '', fileSize: a.file_size ?? 0 })),
      };
    },
  };
}

let override: HostedVideoAdapter | null = null;
/** Tests (and embedding apps) may set the adapter explicitly; null restores the configured one. */
export function setHostedVideoAdapter(adapter: HostedVideoAdapter | null): void {
  override = adapter;
}
export function hostedVideoAdapter(env: Record<string, string | undefined> = process.env): HostedVideoAdapter {
  if (override) return override;
  const token = env.KINESCOPE_API_TOKEN;
  return token ? kinescopeAdapter(token, { parentId: env.KINESCOPE_PARENT_ID }) : storageAdapter;
}
