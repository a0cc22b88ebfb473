// A student's progress through the lessons, kept in this browser only
// (localStorage): the steps answered right and whether the challenge was met.
// Nothing leaves the page; a browser that keeps nothing just starts afresh.
const KEY = 'boostlab-lessons';

export interface LessonProgress {
  steps: number[];     // 0-based steps answered right
  shown: number[];     // 0-based steps whose answer was shown before it was found: not counted as found after
  // 0-based steps answered wrong before they were found (a teacher reads which were found at the first try). A choice
  // question left with one choice untried counts as shown: two options and one wrong pick tell the answer.
  missed: number[];
  challenge: boolean;
}

function readAll(): Record<string, LessonProgress> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, LessonProgress>) : {};
  } catch {
    return {};
  }
}

export function progressOf(id: string): LessonProgress {
  const p = readAll()[id];
  const whole = (v: unknown) => (Array.isArray(v) ? v.filter((n) => Number.isInteger(n)) : []);
  return { steps: whole(p?.steps), shown: whole(p?.shown), missed: whole(p?.missed), challenge: p?.challenge === true };
}

// The steps whose answer was shown and that are not found since: what the lesson list and the progress file list apart.
export const shownOnly = (p: LessonProgress) => p.shown.filter((n) => !p.steps.includes(n));

export function saveProgress(id: string, change: (p: LessonProgress) => void) {
  const all = readAll();
  const p = progressOf(id);
  change(p);
  const set = (v: number[]) => [...new Set(v)].sort((a, b) => a - b);
  all[id] = { steps: set(p.steps), shown: set(p.shown), missed: set(p.missed), challenge: p.challenge };
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage refused (private mode, full): progress lasts as long as the page.
  }
}
