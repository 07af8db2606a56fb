import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { api } from './lib/api';
import { createAppRouter } from './router';
import { createAppSystem } from './theme/system';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The session, then the page's chunks and data, before the first render: the screen renders once,
// complete, instead of a spinner, then the frame, then the page, each a long task of its own
// (index.html shows a spinner meanwhile). In a transition React renders it in slices, yielding
// to the browser between them, rather than in one task the length of the whole tree.
async function start(container: HTMLElement) {
  const router = createAppRouter();
  const session = api.auth.me.prefetch();
  // While the session is on its way: the theme, in a task apart from evaluating the modules.
  await new Promise((resolve) => setTimeout(resolve));
  const system = createAppSystem();
  await session;
  await router.load();
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App router={router} system={system} />
      </StrictMode>,
    );
  });
}

void start(root);
