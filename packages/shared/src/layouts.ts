/**
 * Layouts (issue 23): how the rows of a real accounting export become canonical rows. Every text here is ours.
 */

export const layoutMessages = {
  // One value a layout could not read (the problems report's `problem` column).
  notAmount: 'Not an amount',
  amountDecimals: 'An amount has at most 2 decimals',
  amountTooLarge: 'The amount is too large (at most 16 digits before the decimal point)',
  amountTwoSigns: 'An amount has one sign: a minus, parentheses or CR/DR',
} as const;
