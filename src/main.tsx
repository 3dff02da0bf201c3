import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { fetchAccountState } from './authProvider';

// the caller's account is the first read of every page: asked now, beside the language's texts
// (the auth provider keeps the answer for the page's own read)
void fetchAccountState().catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
