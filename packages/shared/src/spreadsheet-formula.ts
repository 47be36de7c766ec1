/**
 * Starts of a cell that a spreadsheet runs as a formula (OWASP: = + - @ tab CR), unless the whole cell is
 * a plain number. Papaparse skips number primitives only, and our money travels as decimal strings
 * (exact): without the exception "-1234.50" would open as the text '-1234.50 in Excel, not an amount. A
 * plain number is data in any column; anything longer ("-2+3+cmd|' /C calc'!A0") is escaped.
 * (Papaparse's own default, /^[=+\-@\t\r].*$/, also misses cells whose formula is followed by a line break.)
 * Shared so that the server's CSV exports and the CSV files the browser writes escape alike.
 */
export const SPREADSHEET_FORMULA_START = /^(?!-?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$|-?Infinity$|NaN$)[=+\-@\t\r]/;
