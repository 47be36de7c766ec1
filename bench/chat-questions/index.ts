import type { Books, HeldOutCase } from './case.ts';
import { questions as rankingsAndHonesty } from './rankings-and-honesty.ts';
import { questions as timeAndMetrics } from './time-and-metrics.ts';

/** The held-out set: every class of issue 26. */
export const heldOutQuestions = (books: Books): HeldOutCase[] => [
  ...timeAndMetrics(books),
  ...rankingsAndHonesty(books),
];
