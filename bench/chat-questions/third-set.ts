/** The third held-out set of Chat DB (being written). */
import type { Books, HeldOutCase } from './case.ts';

export const questions = (_books: Books): HeldOutCase[] => [];
