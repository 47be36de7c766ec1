/**
 * LIKE patterns built from user input. The input is matched literally: its own `%`, `_` and the escape
 * character `\` (PostgreSQL's default LIKE escape) are escaped, so "50%" finds "50%" and not "500".
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** A pattern matching values that contain `text` anywhere. */
export const likeContaining = (text: string): string => `%${escapeLike(text)}%`;

/** A pattern matching values that start with `text`. */
export const likeStartingWith = (text: string): string => `${escapeLike(text)}%`;
