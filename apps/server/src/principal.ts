import type { Role } from '@finboard/shared/constants';

/**
 * Who is calling: enough to authorize, resolved once per request by the auth plugin (plugins/auth.ts) and
 * passed to the services. Here, beside errors.ts, because plugins and modules both use it and
 * infrastructure never imports a module.
 */
export interface Principal {
  id: string;
  email: string;
  role: Role;
  organizationId: string | null;
  mustChangePassword: boolean;
}

export interface AuthContext {
  user: Principal;
  sessionId: string;
}
