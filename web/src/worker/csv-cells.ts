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

// A header whose names are all different, the user's names kept: one of the
// page's own headings ('line', 'set', 'predicted y', ...) that a column of
// the user's file (or an earlier heading) already took becomes 'line.1',
// 'line.2', ... as pandas numbers repeated names. A file with its own 'line'
// column gave a header of two 'line's, one of them not the file's.
export function distinctHeader(names: string[], theirs: (i: number) => boolean): string[] {
  const taken = new Set(names.filter((_, i) => theirs(i)));
  return names.map((name, i) => {
    if (theirs(i)) return name;
    let free = name;
    for (let k = 1; taken.has(free); k++) free = `${name}.${k}`;
    taken.add(free);
    return free;
  });
}
