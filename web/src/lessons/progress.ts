// A student's progress through the lessons, kept in this browser only
// (localStorage): the steps answered right and whether the challenge was met.
// Nothing leaves the page; a browser that keeps nothing just starts afresh.
const KEY = 'boostlab-lessons';

export interface LessonProgress {
  steps: number[];     // 0-based steps answered right
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
  return { steps: Array.isArray(p?.steps) ? p.steps.filter((n) => Number.isInteger(n)) : [], challenge: p?.challenge === true };
}

export function saveProgress(id: string, change: (p: LessonProgress) => void) {
  const all = readAll();
  const p = progressOf(id);
  change(p);
  all[id] = { steps: [...new Set(p.steps)].sort((a, b) => a - b), challenge: p.challenge };
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage refused (private mode, full): progress lasts as long as the page.
  }
}
