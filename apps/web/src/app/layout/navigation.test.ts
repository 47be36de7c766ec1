import { describe, expect, it } from 'vitest';
import { isActive, navigationFor } from './navigation';
import { landingPathFor, logoTargetFor } from '../../lib/landing';

describe('navigation by role', () => {
  it('shows users Pipelines, Upload, Apps, Chat DB, Data Management, Data Refresh Log and Dashboard', () => {
    expect(navigationFor('user').map((item) => item.label)).toEqual([
      'Pipelines',
      'Upload',
      'Apps',
      'Chat DB',
      'Data Management',
      'Data Refresh Log',
      'Dashboard',
    ]);
  });
  it('shows admins Portfolio, Organizations, Org - Onboarding, Users, Pipelines, Pack Templates, Consolidation and Exchange Rates', () => {
    expect(navigationFor('admin').map((item) => item.label)).toEqual([
      'Portfolio',
      'Organizations',
      'Org - Onboarding',
      'Users',
      'Pipelines',
      'Pack Templates',
      'Consolidation',
      'Exchange Rates',
    ]);
  });
  it('shows any other role nothing', () => {
    expect(navigationFor('auditor')).toEqual([]);
    expect(navigationFor(undefined)).toEqual([]);
  });
  it('marks an item active only on its exact route, and Dashboard under /dashboard', () => {
    const [pipelines] = navigationFor('user');
    const dashboard = navigationFor('user').find((item) => item.key === 'dashboard')!;
    expect(isActive(pipelines!, '/pipelines')).toBe(true);
    expect(isActive(pipelines!, '/pipelines/123')).toBe(false);
    expect(isActive(dashboard, '/dashboard')).toBe(true);
    expect(isActive(dashboard, '/dashboard?name=Sales')).toBe(true);
    expect(isActive(dashboard, '/db-chat')).toBe(false);
  });
  it('marks Dashboard active on the report packs it lists, and Pack Templates on a template too', () => {
    const dashboard = navigationFor('user').find((item) => item.key === 'dashboard')!;
    const templates = navigationFor('admin').find((item) => item.key === 'report-pack-templates')!;
    expect(isActive(dashboard, '/report-packs')).toBe(true);
    expect(isActive(dashboard, '/report-packs/0b6f3c4e')).toBe(true);
    expect(isActive(dashboard, '/report-pack-templates')).toBe(false);
    expect(isActive(templates, '/report-pack-templates')).toBe(true);
    expect(isActive(templates, '/report-pack-templates/0b6f3c4e')).toBe(true);
    expect(isActive(templates, '/report-packs')).toBe(false);
  });
  it('marks Consolidation active on a group’s page too', () => {
    const consolidation = navigationFor('admin').find((item) => item.key === 'consolidation')!;
    expect(isActive(consolidation, '/consolidation')).toBe(true);
    expect(isActive(consolidation, '/consolidation/0b6f3c4e')).toBe(true);
    expect(isActive(consolidation, '/consolidations')).toBe(false);
  });
  it('lands admins on /portfolio, users on /pipelines, and forced changes on /change-password', () => {
    expect(landingPathFor({ role: 'admin', mustChangePassword: false })).toBe('/portfolio');
    expect(landingPathFor({ role: 'user', mustChangePassword: false })).toBe('/pipelines');
    expect(landingPathFor({ role: 'user', mustChangePassword: true })).toBe('/change-password');
  });
  it('sends a logo click to the role home, or /dashboard for any other role', () => {
    expect(logoTargetFor('admin')).toBe('/organizations');
    expect(logoTargetFor('user')).toBe('/pipelines');
    expect(logoTargetFor(undefined)).toBe('/dashboard');
  });
});

describe('user display', () => {
  it('shows the initials of the full name, U when there is none', async () => {
    const { initialsOf, displayNameOf } = await import('./user-display');
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  cher ')).toBe('C');
    expect(initialsOf('')).toBe('U');
    expect(initialsOf(undefined)).toBe('U');
    expect(displayNameOf('')).toBe('Unknown');
    expect(displayNameOf('Ada Lovelace')).toBe('Ada Lovelace');
  });
});
