import { describe, expect, it } from 'vitest';
import { isFailedModuleLoad } from './failed-module-load';

describe('isFailedModuleLoad', () => {
  it.each([
    [
      'Chrome',
      new TypeError('Failed to fetch dynamically imported module: https://x.example/assets/users-page-1a2b.js'),
    ],
    ['Firefox', new TypeError('error loading dynamically imported module: https://x.example/assets/a.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Vite', new Error('Unable to preload CSS for /assets/users-page-1a2b.css')],
  ])('recognises a chunk that did not load (%s)', (_browser, error) => {
    expect(isFailedModuleLoad(error)).toBe(true);
  });

  it.each([
    ['a render error', new TypeError("Cannot read properties of undefined (reading 'name')")],
    ['a thrown string', 'Failed to fetch dynamically imported module'],
    ['a route error response', { status: 404, statusText: 'Not Found' }],
  ])('leaves %s to a retry in place', (_case, error) => {
    expect(isFailedModuleLoad(error)).toBe(false);
  });
});
