import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { pageStyleNonce, stampStyleNonce } from '../lib/csp-style-nonce';
import { queryClient } from '../lib/query-client';
import { AppFeedback } from './app-feedback';
import { theme } from './theme';

/** The server stamps each page with a CSP nonce; Ant Design's injected styles must carry it. */
const cspNonce = pageStyleNonce();
stampStyleNonce(cspNonce);

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme} csp={{ nonce: cspNonce }}>
      <AppFeedback>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AppFeedback>
    </ConfigProvider>
  );
}
