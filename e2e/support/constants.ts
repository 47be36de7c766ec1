export const E2E_ADMIN = { email: 'admin@e2e.finboard.test', password: 'Adm1n!Passw0rd' } as const;
export const USER_PASSWORD = 'Us3r!Passw0rd';
export { DEMO_USER } from '../../demo/generate/company.ts';
