import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, router } from './app/app';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// A page the server sent prerendered (/signin) stays on screen until the app can render it in full. No top-level
// await here: it would make the bundler split the entry's modules apart (they could be imported mid-evaluation).
if (container.hasAttribute('data-static-page')) {
  void import('./app/static-page').then(({ takeOverStaticPage }) =>
    takeOverStaticPage(container, router, render),
  );
} else {
  render();
}
