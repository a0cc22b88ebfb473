// The lessons: each part of the source material as a short walk through the
// page. A step sets the page up (data, algorithm, parameters, rounds trained),
// points at the panel that shows what it is about, says the notes' claim in
// this project's words, and asks something whose answer the engine's own
// numbers give (checked, never hard-coded). A lesson ends with a challenge the
// page checks on the student's runs.
import type { RoundReport } from '../../../wasm/js/index.js';
import type { Run } from '../state';

// What a step needs on the page before its question makes sense.
export interface LessonSetup {
  data: string;                    // a source as links name it: toy:<kind>:<n>:<noise>:<seed> or sample:<key>
  algorithm: string;
  params: Record<string, string>;  // as if typed; the rest at their defaults
  rounds: number;                  // rounds to train (Step that many times; 0: none)
}

// What a question is asked about: the run the step set up (its reports as the engine sent them).
export interface LessonContext {
  run: Run | undefined;
  report: (round: number) => RoundReport | undefined;  // 1-based
}

export interface Question {
  prompt: (c: LessonContext) => string;
  // A number checked to a relative tolerance, or one of `choices`.
  answer: (c: LessonContext) => number | string;
  tolerance?: number;
  choices?: string[];
  // Said once answered (or shown): the working, with the engine's numbers.
  explain: (c: LessonContext) => string;
}

export interface LessonStep {
  title: string;
  setup: LessonSetup;
  panel: string;   // the id of the panel that shows it
  claim: string;
  question: Question;
}

export interface Challenge {
  goal: string;
  hint: string;
  met: (run: Run | undefined, dataSource: string) => boolean;
}

export interface Lesson {
  id: string;
  title: string;
  notes: string;   // which part of the notes it follows
  summary: string;
  steps: LessonStep[];
  challenge: Challenge;
}

const fixed = (x: number, digits = 3) => (Number.isFinite(x) ? x.toFixed(digits) : String(x));
const eps = (c: LessonContext, round = 1) => c.report(round)?.epsilon ?? NaN;
const diamond = (e: number) => Math.sqrt((1 - e) / e);
const lastValidError = (run: Run | undefined) => run?.reports.at(-1)?.valid?.error ?? NaN;

// AdaBoost on 2-D xor with stumps (depth-1 trees), one step of 1 (eta), as the notes' AdaBoost-Stump.
const XOR = 'toy:xor:400:0.1:0';
const STUMPS = { max_depth: '1', eta: '1', rounds: '60' };

const ADABOOST: Lesson = {
  id: 'adaboost-stumps',
  title: 'AdaBoost, one stump at a time',
  notes: 'the notes on AdaBoost-DTree, AdaBoost-Stump and AdaBoost as steepest descent',
  summary: 'Weighted rows, the weighted error ε, the factor ◆ that reweights the rows, and each stump\'s vote α = ln◆.',
  steps: [
    {
      title: 'Every row starts with the same weight',
      setup: { data: XOR, algorithm: 'adaboost', params: STUMPS, rounds: 1 },
      panel: 'last-round',
      claim: 'AdaBoost keeps a weight uₙ for every training row. Round 1 starts with them all equal, and picks the stump with the ' +
        'smallest weighted error ε₁ = Σ uₙ[yₙ ≠ g₁(xₙ)] / Σ uₙ: with equal weights, simply the share of rows it gets wrong. The notes ' +
        'then scale the weights by ◆₁ = √((1 − ε₁)/ε₁), which is above 1 whenever the stump beats a coin (ε₁ < ½).',
      question: {
        prompt: (c) => `Round 1's stump has ε₁ = ${fixed(eps(c), 4)} (the line above the chart shows it). What is ◆₁?`,
        answer: (c) => diamond(eps(c)),
        tolerance: 0.005,
        explain: (c) => `◆₁ = √((1 − ${fixed(eps(c), 4)}) / ${fixed(eps(c), 4)}) = ${fixed(diamond(eps(c)))}.`,
      },
    },
    {
      title: 'Wrong rows grow, right rows shrink',
      setup: { data: XOR, algorithm: 'adaboost', params: STUMPS, rounds: 1 },
      panel: 'surface-box',
      claim: 'After round 1 every row the stump got wrong has its weight multiplied by ◆₁, every row it got right divided by ◆₁. ' +
        'Round 2 therefore cares more about the rows round 1 missed: on the picture, their points grow.',
      question: {
        prompt: () => 'After the update, how many times heavier is a row round 1 got wrong than a row it got right?',
        answer: (c) => diamond(eps(c)) ** 2,
        tolerance: 0.005,
        explain: (c) => `◆₁ ÷ (1/◆₁) = ◆₁² = (1 − ε₁)/ε₁ = ${fixed(diamond(eps(c)) ** 2)}. (The engine follows scikit-learn's SAMME, ` +
          'which multiplies wrong rows by (1 − ε)/ε and leaves right ones: the same ratio, so after normalising the very same weights.)',
      },
    },
    {
      title: 'The stump that was good is now a coin toss',
      setup: { data: XOR, algorithm: 'adaboost', params: STUMPS, rounds: 2 },
      panel: 'last-round',
      claim: 'The factor ◆₁ is chosen so that, after the update, the rows round 1 got wrong weigh exactly as much in total as the ' +
        'rows it got right: ε₁·◆₁ = (1 − ε₁)/◆₁. Under the new weights round 1\'s stump is no better than guessing, so round 2 has ' +
        'to find a different one: this is where the diversity of the stumps comes from.',
      question: {
        prompt: () => 'Under the weights after round 1, what is round 1\'s stump\'s weighted error?',
        answer: () => 0.5,
        tolerance: 0.001,
        explain: (c) => `ε₁·◆₁ = ${fixed(eps(c) * diamond(eps(c)), 4)} and (1 − ε₁)/◆₁ = ${fixed((1 - eps(c)) / diamond(eps(c)), 4)}: ` +
          `equal, so the old stump's share of the weight on its mistakes is exactly ½. Round 2 picked another stump, with ε₂ = ${fixed(eps(c, 2), 4)}.`,
      },
    },
    {
      title: 'Each stump votes with α = ln◆',
      setup: { data: XOR, algorithm: 'adaboost', params: STUMPS, rounds: 1 },
      panel: 'last-round',
      claim: 'The final classifier is the sign of Σ αₜgₜ(x). In the notes each stump votes with αₜ = ln◆ₜ: a stump no better than ' +
        'chance (ε = ½, ◆ = 1) gets no say, a good one a large say. (Seen as steepest descent on the exponential error, αₜ is the ' +
        'best step along gₜ: the notes derive it as the minimiser of Σ uₙ exp(−yₙ η gₜ(xₙ)) over η.)',
      question: {
        prompt: () => 'What is round 1\'s vote in the notes\' convention, α₁ = ln◆₁?',
        answer: (c) => Math.log(diamond(eps(c))),
        tolerance: 0.005,
        explain: (c) => `α₁ = ln ${fixed(diamond(eps(c)))} = ${fixed(Math.log(diamond(eps(c))))}. The page shows α₁ = ` +
          `${fixed(c.report(1)?.alpha ?? NaN)}: the engine uses scikit-learn's SAMME, whose vote ln((1 − ε)/ε) is twice the notes'. ` +
          'Doubling every vote changes no sign, so both classify every point alike.',
      },
    },
    {
      title: 'Sixty stumps on xor',
      setup: { data: XOR, algorithm: 'adaboost', params: STUMPS, rounds: 60 },
      panel: 'chart-panel',
      claim: 'A sum of stumps is a sum of steps along one feature at a time: it can draw any boundary made of axis-parallel steps ' +
        'that add up, but xor asks for a different answer in each quadrant, which no such sum gives well.',
      question: {
        prompt: () => 'After 60 rounds of stumps, is the validation error below 0.1?',
        choices: ['yes', 'no'],
        answer: (c) => (lastValidError(c.run) < 0.1 ? 'yes' : 'no'),
        explain: (c) => `The validation error after round ${c.run?.reports.length ?? 0} is ${fixed(lastValidError(c.run))}.`,
      },
    },
  ],
  challenge: {
    goal: 'Bring AdaBoost\'s validation error on xor to 0.05 or below.',
    hint: 'The notes\' AdaBoost-DTree lets the weak learner be a (small) tree: what does a tree of depth 2 see that a stump cannot?',
    met: (run, source) => !!run && source.startsWith('toy:xor') && run.params.algorithm === 'adaboost' && lastValidError(run) <= 0.05,
  },
};

export const LESSONS: readonly Lesson[] = [ADABOOST];

export const lessonById = (id: string) => LESSONS.find((l) => l.id === id);

// A number as a student types it: '1.5', '1,5', ' 0.33 '.
export function parseAnswer(text: string) {
  const t = text.trim().replace(',', '.');
  return t === '' ? NaN : Number(t);
}

export function isRight(q: Question, c: LessonContext, given: string) {
  const expected = q.answer(c);
  if (typeof expected === 'string') return given === expected;
  const x = parseAnswer(given);
  return Number.isFinite(x) && Math.abs(x - expected) <= (q.tolerance ?? 0.01) * Math.max(1, Math.abs(expected));
}
