import { describe, expect, it } from 'vitest';
import { mediaUrlsOf } from '../../src/offline/register';

describe("an attempt's files kept ahead for the offline exam", () => {
  it("finds the app's file and picture addresses in a step's JSON, in fields and inside its HTML, each once", () => {
    const step = JSON.stringify({
      slide: { pictureUrl: '/api/files/12', html: '<p><img src="/api/pictures/7" alt=""> <a href="/api/files/12">doc</a></p>' },
      options: [{ image: '/files/3?v=2' }],
    });
    expect(mediaUrlsOf(step)).toEqual(['/api/files/12', '/api/pictures/7', '/files/3?v=2']);
  });

  it("leaves out another site's files and text that only mentions a path", () => {
    const step = JSON.stringify({ html: '<img src="https://cdn.example.org/api/files/9"> see api/files/4 or /api/files/' });
    expect(mediaUrlsOf(step)).toEqual([]);
  });
});
