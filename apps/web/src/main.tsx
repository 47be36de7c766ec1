import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';

// Zod's JIT probes `new Function`, which our Content-Security-Policy (rightly) forbids.
z.config({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
