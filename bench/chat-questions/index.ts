import type { Books, HeldOutCase } from './case.ts';
import { questions as eighthSet } from './eighth-set.ts';
import { questions as fifthSet } from './fifth-set.ts';
import { questions as fourthSet } from './fourth-set.ts';
import { questions as ninthSet } from './ninth-set.ts';
import { questions as rankingsAndHonesty } from './rankings-and-honesty.ts';
import { questions as secondSet } from './second-set.ts';
import { questions as seventhSet } from './seventh-set.ts';
import { questions as sixthSet } from './sixth-set.ts';
import { questions as thirdSet } from './third-set.ts';
import { questions as timeAndMetrics } from './time-and-metrics.ts';

/** The held-out set: every class of issue 26. */
export const heldOutQuestions = (books: Books): HeldOutCase[] => [
  ...timeAndMetrics(books),
  ...rankingsAndHonesty(books),
];

/** A second held-out set, written after the parser change for the first, without sight of it or of the first set. */
export const secondHeldOutQuestions = (books: Books): HeldOutCase[] => secondSet(books);

/** A third held-out set, written after the changes for the second, without sight of the parser or the earlier sets. */
export const thirdHeldOutQuestions = (books: Books): HeldOutCase[] => thirdSet(books);

/** A fourth held-out set, written after the changes for the third, without sight of the parser or the earlier sets. */
export const fourthHeldOutQuestions = (books: Books): HeldOutCase[] => fourthSet(books);

/** A fifth held-out set, written after the changes for the fourth, without sight of the parser or the earlier sets. */
export const fifthHeldOutQuestions = (books: Books): HeldOutCase[] => fifthSet(books);

/** A sixth held-out set, written after the changes for the fifth, without sight of the parser or the earlier sets. */
export const sixthHeldOutQuestions = (books: Books): HeldOutCase[] => sixthSet(books);

/** A seventh held-out set, written after the changes for the sixth, without sight of the parser or the earlier sets. */
export const seventhHeldOutQuestions = (books: Books): HeldOutCase[] => seventhSet(books);

/** An eighth held-out set, written after the changes for the seventh, without sight of the parser or the earlier sets. */
export const eighthHeldOutQuestions = (books: Books): HeldOutCase[] => eighthSet(books);

/** A ninth held-out set, written after the changes for the eighth, without sight of the parser or the earlier sets. */
export const ninthHeldOutQuestions = (books: Books): HeldOutCase[] => ninthSet(books);
