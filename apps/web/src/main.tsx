import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// zod's global config alone, not its API: the login page loads zod only on first use (lazy-schema.ts).
import { config as zodConfig } from 'zod/v4/core';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';

// Zod's JIT probes `new Function`, which our Content-Security-Policy (rightly) forbids.
zodConfig({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
