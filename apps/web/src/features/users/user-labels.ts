import type { Role } from '@finboard/shared/constants';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', user: 'User' };

export const statusLabel = (isActive: boolean) => (isActive ? 'Active' : 'Inactive');
