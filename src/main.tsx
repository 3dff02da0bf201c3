import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, appStart, preloadPageOf } from './App';

// the page's chunk is asked for now, beside the language's texts and the caller's account (the
// first read of every page; the auth provider keeps the answer for the page's own reads)
const start = appStart();
// a task of its own: the module's evaluation is already a long one on a phone
setTimeout(() => preloadPageOf(window.location.pathname), 0);

// The first render waits for the texts and the account, so the boot shell (index.html) stays
// until the frame replaces it, nothing blank between. It is a transition: React renders in
// slices and lets the browser in between (a phone's main thread is not blocked throughout).
start.then(
  (ready) => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App start={ready} />
        </StrictMode>,
      ),
    );
  },
  (error: unknown) => console.error('The app could not load its texts', error), // the boot shell stays; a reload tries again
);
