import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../../../tests/unit/support/renderInAdmin';
import { slideKinds, type SlideRouteType } from '../../../../shared/enums';
import type { HubStatus } from '../../realtime/hubConnection';
import type { SlidePage } from '../../../../shared/calls/study/pages';
import type { SlideViewProps } from '../types';
import { SlideViewer } from '.';

/** the stats connection as the viewer sees it; `setStatus` re-renders the viewer */
const hub = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const h = {
    status: 'connected' as HubStatus,
    save: vi.fn(),
    listeners,
    setStatus(next: HubStatus) {
      h.status = next;
      listeners.forEach((l) => l());
    },
  };
  return h;
});
vi.mock('../../realtime/useStatsHub', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (l: () => void) => {
    hub.listeners.add(l);
    return () => hub.listeners.delete(l);
  };
  return { useStatsHub: () => ({ status: useSyncExternalStore(subscribe, () => hub.status), save: hub.save }) };
});
vi.mock('../questions', () => ({ QuestionForm: ({ page }: SlideViewProps) => <div data-testid="question-form">{page.slide.id}</div> }));
// pdf.js does not run in jsdom; the document component is react-pdf's concern
vi.mock('./PdfDocument', () => ({ default: ({ address }: { address: string }) => <div data-testid="slide-pdf">{address}</div> }));

const file = (name: string, mime: string) => ({ name, mime, size: 10, address: `/files/7/${name}` });

function page(type: string, content: Record<string, unknown>): SlidePage {
  return {
    sessionId: 41, attemptNo: 1, status: 'in_progress', readOnly: false, startedAt: '', deadlineAt: null, serverTime: '', secondsLeft: null,
    exercise: { id: 5, label: 'Упражнение', kind: 'regular' as never, exerciseType: 10, timeLimitSeconds: null, lessonId: 3 },
    slides: [], total: 1, slideId: 9, number: 1, previous: 'start', next: 'end', onlyForReading: false,
    slide: { id: 9, type: type as SlideRouteType, contentKind: 0, pageType: 0, label: 'Слайд', sequence: 1, duration: null, required: false },
    content, answer: null,
  };
}

const show = (type: string, content: Record<string, unknown>) =>
  renderInAdmin(<SlideViewer page={page(type, content)} courseId="2" exerciseId="5" readOnly={false} onSaved={() => {}} />);

beforeEach(() => {
  hub.status = 'connected';
  hub.save.mockReset();
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('SlideViewer', () => {
  it('hands every question kind to the question form', async () => {
    const questions = (Object.keys(slideKinds) as SlideRouteType[]).filter((k) => slideKinds[k].isQuestion);
    expect(questions).toHaveLength(7);
    for (const type of questions) {
      const view = await show(type, {});
      expect(await screen.findByTestId('question-form')).toBeTruthy();
      view.unmount();
    }
  });

  it('shows sanitised text', async () => {
    await show('content', { html: '<p>Привет</p><img src=x onerror="alert(1)"><script>alert(2)</script>' });
    const box = await screen.findByTestId('slide-content');
    expect(box.textContent).toBe('Привет');
    expect(box.innerHTML).not.toMatch(/onerror|script/);
  });

  it('plays video without the download control unless the slide allows it, with its description', async () => {
    const view = await show('video', { file: file('a.mp4', 'video/mp4'), downloadPermission: false, downloadAddress: null, description: 'Смотрите внимательно' });
    const video = (await screen.findByTestId('slide-video')) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/files/7/a.mp4');
    expect(video.getAttribute('controlslist')).toBe('nodownload');
    expect(screen.queryByTestId('slide-download')).toBeNull();
    expect(screen.getByTestId('slide-description').textContent).toBe('Смотрите внимательно');
    view.unmount();
    await show('audio', { file: file('a.mp3', 'audio/mpeg'), downloadPermission: true, downloadAddress: '/files/7/a.mp3?download=1' });
    expect((await screen.findByTestId('slide-audio')).getAttribute('controlslist')).toBeNull();
    expect(screen.getByTestId('slide-download').getAttribute('href')).toBe('/files/7/a.mp3?download=1');
  });

  it('says so when a media slide has no file', async () => {
    await show('pdf', { file: null, downloadPermission: false, downloadAddress: null });
    expect(await screen.findByTestId('slide-no-file')).toBeTruthy();
  });

  it('shows a PDF, and its download only with permission', async () => {
    // an address without the permission is not offered either
    const view = await show('pdf', { file: file('b.pdf', 'application/pdf'), downloadPermission: false, downloadAddress: '/files/7/b.pdf?download=1' });
    expect((await screen.findByTestId('slide-pdf')).textContent).toBe('/files/7/b.pdf');
    expect(screen.queryByTestId('slide-download')).toBeNull();
    view.unmount();
    await show('pdf', { file: file('b.pdf', 'application/pdf'), downloadPermission: true, downloadAddress: '/files/7/b.pdf?download=1' });
    expect((await screen.findByTestId('slide-download')).getAttribute('href')).toBe('/files/7/b.pdf?download=1');
  });

  it('shows a PDF presentation as a PDF, an Office one by name with a download only when allowed', async () => {
    let view = await show('doc-ppt', { file: file('c.pdf', 'application/pdf'), downloadPermission: false, downloadAddress: null });
    expect(await screen.findByTestId('slide-pdf')).toBeTruthy();
    view.unmount();
    const pptx = file('Лекция.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation');
    view = await show('doc-ppt', { file: pptx, downloadPermission: false, downloadAddress: null });
    expect((await screen.findByTestId('slide-presentation')).textContent).toContain('Лекция.pptx');
    expect(screen.getByText('Скачивание этой презентации не разрешено.')).toBeTruthy();
    expect(screen.queryByTestId('slide-download')).toBeNull();
    view.unmount();
    await show('doc-ppt', { file: pptx, downloadPermission: true, downloadAddress: '/files/7/x?download=1' });
    expect((await screen.findByTestId('slide-download')).getAttribute('href')).toBe('/files/7/x?download=1');
  });

  it('frames a web page in a sandbox with a new-tab link and the description', async () => {
    await show('web', { address: 'https://example.org/page', description: 'Прочитайте статью' });
    const frame = (await screen.findByTestId('slide-web')).querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://example.org/page');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')).toContain('allow-same-origin');
    const link = screen.getByRole('link', { name: /Открыть в новой вкладке/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByTestId('slide-description').textContent).toBe('Прочитайте статью');
  });

  it("never gives a page of our own origin scripts and that origin together", async () => {
    const { sandboxFor } = await import('./WebViewer');
    expect(sandboxFor('https://elp.example/x', 'https://elp.example')).not.toContain('allow-same-origin');
    expect(sandboxFor('/files/1', 'https://elp.example')).not.toContain('allow-same-origin');
    expect(sandboxFor('https://other.example/x', 'https://elp.example')).toContain('allow-same-origin');
  });

  it('answers an unknown slide type with the spec text', async () => {
    await show('hologram', {});
    expect((await screen.findByTestId('slide-unknown-type')).textContent).toBe('Непредусмотренный тип слайда!');
  });
});

describe('hosted video', () => {
  const hosted = { file: file('h.mp4', 'video/mp4'), downloadPermission: false, downloadAddress: null, link: '/files/7/h.mp4', videoId: '7' };

  it('sends watched segments with course, exercise, slide and attempt', async () => {
    await show('kinescope', hosted);
    const video = (await screen.findByTestId('slide-video')) as HTMLVideoElement;
    let position = 0;
    Object.defineProperty(video, 'currentTime', { get: () => position, configurable: true });
    fireEvent.play(video);
    for (position = 0.25; position <= 9.01; position += 0.25) fireEvent.timeUpdate(video);
    expect(hub.save).toHaveBeenCalledWith({ courseId: 2, exerciseId: 5, slideId: 9, sessionId: 41, start: 0, end: 9 });
    position = 12;
    fireEvent.timeUpdate(video);
    fireEvent.pause(video);
    expect(hub.save).toHaveBeenCalledTimes(1);
  });

  it('pauses and warns while the stats connection is lost, and announces its return', async () => {
    hub.status = 'lost';
    const view = await show('kinescope', hosted);
    expect((await screen.findByTestId('hosted-video-connection-lost')).textContent).toBe(
      'Ошибка соединения. Воспроизведение недоступно. Попытка переподключения...',
    );
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    act(() => hub.setStatus('connected'));
    await waitFor(() => expect(screen.queryByTestId('hosted-video-connection-lost')).toBeNull());
    view.unmount();
  });

  it('plays a video site embed link in its own player', async () => {
    await show('kinescope', { file: null, link: 'https://kinescope.io/embed/abc', downloadPermission: false, downloadAddress: null });
    expect((await screen.findByTestId('slide-hosted-embed')).getAttribute('src')).toBe('https://kinescope.io/embed/abc');
    await waitFor(() => expect(screen.queryByTestId('slide-no-file')).toBeNull());
  });
});
