// One writer for the cells of every CSV the page offers for download (the
// predictions, a round's worked table): text from the user's file, a loaded
// model's class names, or the page's own headings.
//
// Quoted when it holds a quote, a comma, a line feed or a carriage return (a
// bare CR in a category's name, written unquoted, split its row in two for
// pandas). And a cell a spreadsheet would run as a formula (starting with =,
// +, -, @, a tab or a CR) gets a leading ' as OWASP advises, unless it is a
// number ('-1', a class name, stays a number).
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function csvText(s: string): string {
  const safe = /^[=+\-@\t\r]/.test(s) && !NUMBER.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
