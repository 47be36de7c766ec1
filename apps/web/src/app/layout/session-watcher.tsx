import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TOKEN_EXPIRY_CHECK_INTERVAL_MS } from '@finboard/shared/constants';
import { messages } from '@finboard/shared/messages';
import { setSessionExpiredHandler } from '../../lib/api-client';
import { sessionStore } from '../../lib/session-store';
import { useAppFeedback } from '../app-feedback';

/**
 * Spec §4: a 401 or a token older than its expiry (checked every two minutes) clears the session,
 * says so, and goes to /login.
 */
export function SessionWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = useAppFeedback();

  useEffect(() => {
    const expire = () => {
      if (!sessionStore.get()) return; // several failing calls end one session once
      sessionStore.clear();
      queryClient.clear();
      void message.error(messages.sessionExpired);
      void navigate('/login', { replace: true });
    };
    setSessionExpiredHandler(expire);
    const check = () => {
      if (sessionStore.isExpired()) expire();
    };
    check();
    const timer = window.setInterval(check, TOKEN_EXPIRY_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [navigate, queryClient, message]);

  return null;
}
