import type { Role } from '@finboard/shared/constants';

/** Who is calling: enough to authorize, resolved once per request. */
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
