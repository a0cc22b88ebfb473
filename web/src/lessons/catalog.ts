// The lessons: each part of the source material as a short walk through the
// page. A step sets the page up (data, algorithm, parameters, rounds trained),
// points at the panel that shows what it is about, says the notes' claim in
// this project's words, and asks something whose answer the engine's own
// numbers give (checked, never hard-coded). A lesson ends with a challenge the
// page checks on the student's runs.
import type { RoundLeaf, RoundReport } from '../../../wasm/js/index.js';
import type { Run } from '../state';
import type { CompareReply, RoundDetail, WorkedRow } from '../worker/messages';
import type { PresetName } from '../presets';

// What a step needs on the page before its question makes sense.
export interface LessonSetup {
  data: string;                    // a source as links name it: toy:<kind>:<n>:<noise>:<seed> or sample:<key>
  preset?: PresetName;             // the preset's runs instead of one (params.rounds their rounds); algorithm: its first
  algorithm: string;
  params: Record<string, string>;  // as if typed; the rest at their defaults
  rounds: number;                  // rounds to train (Step that many times; 0: none)
}

// What a question is asked about: the run the step set up (its reports as the engine sent them).
export interface LessonContext {
  run: Run | undefined;
  report: (round: number) => RoundReport | undefined;  // 1-based
  detail: RoundDetail | undefined;  // the step's last round, its rows and leaves (when the question needs it)
  compare: CompareReply | undefined;  // a preset step: the side-by-side comparison of its runs
}

export interface Question {
  prompt: (c: LessonContext) => string;
  // A number checked to a relative tolerance (isRight), or one of `choices`.
  answer: (c: LessonContext) => number | string;
  tolerance?: number;  // relative; 0: exactly (a count)
  share?: boolean;  // a share of 1: '34.4' is also read as 34.4 % (the page prints shares as percentages)
  choices?: string[];
  needsDetail?: boolean;  // asked about a round's rows or leaves: waits for the round panel's detail
  needsCompare?: boolean;  // asked about a preset's runs and blends: waits for the side-by-side comparison
  // The page's numbers that are the answer itself, blurred until it is answered (style.css, body[data-lesson-hide]).
  hides?: ('f0' | 'diamond' | 'alpha' | 'exploss' | 'eada' | 'objective' | 'leafw' | 'gbleaf' | 'after' | 'leafvalue' | 'tried' | 'oobshare' | 'lossline' | 'grad' | 'hess' | 'sminus' | 'blend')[];
  // Said once answered (or shown): the working, with the engine's numbers.
  explain: (c: LessonContext) => string;
}

// The target's tasks a step's question holds for on any data: the student may do the step on a file
// of their own with such a target (the claim's words about the step's data aside).
export type OwnTask = 'binary' | 'multiclass' | 'regression';

export interface LessonStep {
  title: string;
  setup: LessonSetup;
  own?: OwnTask[];
  panel: string;   // the id of the panel that shows it
  claim: string;
  question: Question;
}

export interface Challenge {
  goal: string;
  hint: string;
  met: (run: Run | undefined, dataSource: string, compare?: CompareReply) => boolean;
}

export interface Lesson {
  id: string;
  title: string;
  notes: string;   // which part of the notes it follows
  summary: string;
  steps: LessonStep[];
  challenge: Challenge;
}

// A true minus sign, as the claims write one (toFixed gives a hyphen).
const fixed = (x: number, digits = 3) => (Number.isFinite(x) ? x.toFixed(digits).replace(/^-/, '−') : String(x));
// A number after a minus sign: in parentheses when negative ("1.117 − (−0.025)", not "1.117 − -0.025").
const subtrahend = (x: number, digits = 3) => (x < 0 ? `(−${fixed(-x, digits)})` : fixed(x, digits));
const eps = (c: LessonContext, round = 1) => c.report(round)?.epsilon ?? NaN;
const diamond = (e: number) => Math.sqrt((1 - e) / e);
const lastValidError = (run: Run | undefined) => run?.reports.at(-1)?.valid?.error ?? NaN;

// AdaBoost on 2-D xor with stumps (depth-1 trees), one step of 1 (eta), as the notes' AdaBoost-Stump:
// their vote ln◆ with u·◆ / u÷◆ (vote freund_schapire) and the stump of least weighted error.
const XOR = 'toy:xor:400:0.1:0';
const STUMPS = { max_depth: '1', eta: '1', rounds: '60', vote: 'freund_schapire', split_criterion: 'error' };

const ADABOOST: Lesson = {
  id: 'adaboost-stumps',
  title: 'AdaBoost, one stump at a time',
  notes: 'the notes on AdaBoost-DTree, AdaBoost-Stump and AdaBoost as steepest descent',
  summary: 'Weighted rows, the weighted error ε, the factor ◆ that reweights the rows, each stump\'s vote α = ln◆, and scikit-learn\'s other convention.',
  steps: [
    {
      title: 'Every row starts with the same weight',
      own: ['binary'],
      setup: { data: XOR, algorithm: 'adaboost', params: STUMPS, rounds: 1 },
      panel: 'last-round',
      claim: 'AdaBoost keeps a weight uₙ for every training row, all equal in round 1. Of all thresholds of all features, round 1\'s ' +
        'stump is the one of least weighted error ε₁ = Σ uₙ[yₙ ≠ g₁(xₙ)] / Σ uₙ: here simply the share of rows it gets wrong. The notes ' +
        'then scale the weights by ◆₁ = √((1 − ε₁)/ε₁), above 1 whenever the stump beats a coin (ε₁ < ½).',
      question: {
        hides: ['diamond', 'alpha'],  // α = ln◆ beside the chart would give it away
        prompt: (c) => `Round 1's stump has ε₁ = ${fixed(eps(c), 4)} (the line above the chart shows it). What is ◆₁?`,
        answer: (c) => diamond(eps(c)),
        explain: (c) => `◆₁ = √((1 − ${fixed(eps(c), 4)}) / ${fixed(eps(c), 4)}) = ${fixed(diamond(eps(c)))}.`,
      },
    },
    {
      title: 'Wrong rows grow, right rows shrink',
      own: ['binary'],
      setup: { data: XOR, algorithm: 'adaboost', params: STUMPS, rounds: 2 },
      panel: 'surface-box',
      claim: 'After round 1 every row the stump got wrong has its weight multiplied by ◆₁, every row it got right divided by ◆₁. ' +
        'Round 2 therefore cares more about the rows round 1 missed: the picture shows round 2, each point\'s area in proportion ' +
        'to its weight, and those rows\' points are a little larger (by ◆₁² in area: barely seen when ε₁ is near ½, so the ' +
        'worked table\'s u column gives the two weights as numbers).',
      question: {
        hides: ['alpha'],  // step 4's answer, of the same round 1
        prompt: (c) => `Round 1's stump has ε₁ = ${fixed(eps(c), 4)}. After the update, how many times heavier is a row round 1 got ` +
          'wrong than a row it got right?',
        answer: (c) => diamond(eps(c)) ** 2,
        explain: (c) => `◆₁ ÷ (1/◆₁) = ◆₁² = (1 − ε₁)/ε₁ = ${fixed(diamond(eps(c)) ** 2)}. The weights are then normalised to sum 1 ` +
          '(the notes leave them unnormalised: only their ratios matter to ε and to the next stump).',
      },
    },
    {
      title: 'Round 1\'s stump under the new weights',
      own: ['binary'],
      setup: { data: XOR, algorithm: 'adaboost', params: STUMPS, rounds: 2 },
      panel: 'last-round',
      claim: 'The factor ◆₁ is chosen so that, after the update, the rows round 1 got wrong weigh exactly as much in total as the ' +
        'rows it got right: ε₁·◆₁ = (1 − ε₁)/◆₁. What does that make round 1\'s stump under the new weights, and what must round 2 ' +
        'do? This is where the diversity of the stumps comes from.',
      question: {
        hides: ['alpha'],  // step 4's answer, of the same round 1
        prompt: (c) => `Round 1's stump had ε₁ = ${fixed(eps(c), 4)}, the weights summing to 1. After the update (before normalising), what ` +
          'total weight do the rows it got wrong hold?',
        answer: (c) => eps(c) * diamond(eps(c)),
        explain: (c) => `ε₁·◆₁ = ${fixed(eps(c) * diamond(eps(c)), 4)}, and the rows it got right hold (1 − ε₁)/◆₁ = ${fixed((1 - eps(c)) / diamond(eps(c)), 4)}: ` +
          `equal, so under the new weights the old stump's weighted error is exactly ½, a coin toss. Round 2 picked another stump, with ε₂ = ${fixed(eps(c, 2), 4)}.`,
      },
    },
    {
      title: 'Each stump votes with α = ln◆',
      own: ['binary'],
      setup: { data: XOR, algorithm: 'adaboost', params: STUMPS, rounds: 1 },
      panel: 'last-round',
      claim: 'The final classifier is the sign of Σ αₜgₜ(x). In the notes each stump votes with αₜ = ln◆ₜ: a stump no better than ' +
        'chance (ε = ½, ◆ = 1) gets no say, a good one a large say. (Seen as steepest descent on the exponential error, αₜ is the ' +
        'best step along gₜ: the notes derive it as the minimiser of Σ uₙ exp(−yₙ η gₜ(xₙ)) over η.)',
      question: {
        hides: ['alpha'],
        prompt: () => 'What is round 1\'s vote in the notes\' convention, α₁ = ln◆₁?',
        answer: (c) => Math.log(diamond(eps(c))),
        explain: (c) => `α₁ = ln ${fixed(diamond(eps(c)))} = ${fixed(Math.log(diamond(eps(c))))}, the α the round line shows ` +
          `(${fixed(c.report(1)?.alpha ?? NaN)}).`,
      },
    },
    {
      title: 'Another convention: scikit-learn\'s SAMME',
      own: ['binary'],
      setup: { data: XOR, algorithm: 'adaboost', params: { ...STUMPS, vote: 'samme' }, rounds: 1 },
      panel: 'last-round',
      claim: 'scikit-learn (and this page by default) writes AdaBoost as SAMME: the vote is αₜ = ln((1 − εₜ)/εₜ) + ln(K − 1), ' +
        'with K classes, and only the wrong rows are scaled, by e^{αₜ}. For two classes ln(K − 1) = 0, so the vote is 2·ln◆ₜ and the ' +
        'wrong rows grow by ◆ₜ², the same ratio as the notes\' ×◆ / ÷◆: after normalising the weights are identical, and so are the stumps. ' +
        'The parameter "vote" switches between the two conventions; this step uses SAMME\'s, with the same stumps.',
      question: {
        hides: ['alpha'],
        prompt: () => 'Same data, same stump, same ε₁: what vote α₁ does SAMME give round 1\'s stump?',
        answer: (c) => c.report(1)?.alpha ?? NaN,
        explain: (c) => `α₁ = ln((1 − ε₁)/ε₁) = ln(${fixed((1 - eps(c)) / eps(c))}) = ${fixed(Math.log((1 - eps(c)) / eps(c)))}: twice ` +
          `ln◆₁ = ${fixed(Math.log(diamond(eps(c))))}. Doubling every vote changes the sign of no Σ αₜgₜ(x), so both conventions classify ` +
          'every point alike; only the score\'s scale differs, and with it the link to a probability (σ(F) for SAMME, σ(2F) for the notes\' votes).',
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

// AdaBoost with trees on xor (the notes' AdaBoost-DTree): a tree grown to the end is perfect on its
// rows and ends boosting with an unbounded vote; drawing rows in proportion to u gives a weighted tree
// without changing the tree learner, and a tree fit to a draw errs on the rows it missed.
const FULL = { max_depth: '12', eta: '1', rounds: '20', vote: 'freund_schapire' };
const sig4 = (x: number) => (Number.isFinite(x) ? Number(x.toPrecision(4)) : NaN);
const draws = (c: LessonContext) => c.detail?.summary?.drawn?.draws ?? NaN;
const uSum = (c: LessonContext) => c.detail?.summary?.weights?.sum ?? NaN;

const ADABOOST_TREES: Lesson = {
  id: 'adaboost-trees',
  title: 'AdaBoost with trees: drawing by weight, pruning',
  notes: 'the notes on AdaBoost-DTree: weighted trees by sampling ∝ u, and why the trees must be weak (pruned)',
  summary: 'A tree grown to the end is perfect and ends AdaBoost in one round; rows drawn in proportion to their weight, and a pruned tree, keep it learning.',
  steps: [
    {
      title: 'A tree grown to the end makes no mistake',
      setup: { data: XOR, algorithm: 'adaboost', params: FULL, rounds: 20 },
      panel: 'last-round',
      claim: 'A tree grown until its leaves are pure makes no mistake on the rows it was grown on: ε₁ = 0. Think what that does to ' +
        'its vote ln√((1 − ε)/ε), and to the weights: no row is wrong, so no weight grows, and the next round would grow the same tree.',
      question: {
        hides: ['alpha'],
        prompt: (c) => `AdaBoost was asked for 20 rounds of trees up to depth 12 on xor. Round 1's tree has ε₁ = ${fixed(eps(c), 4)} ` +
          'on the training rows. What is its vote α₁ = ln√((1 − ε₁)/ε₁) in the notes?',
        choices: ['0', 'about 1', 'infinite'],
        answer: (c) => (eps(c) <= 0 ? 'infinite' : Math.log(diamond(eps(c))) < 0.1 ? '0' : 'about 1'),
        explain: (c) => `(1 − ε₁)/ε₁ has ε₁ = ${fixed(eps(c), 4)} below it: the vote is infinite, and no weight grows. A sum cannot hold an ` +
          `infinite vote, so the engine gives a perfect tree the vote of ε = 10⁻¹⁰ (α₁ = ${fixed(c.report(1)?.alpha ?? NaN, 2)}) and ends ` +
          `training: ${c.run?.reports.length} of 20 rounds trained (scikit-learn also stops at a perfect tree, and gives it a vote of 1).`,
      },
    },
    {
      title: 'Weights by drawing rows',
      own: ['binary', 'multiclass'],
      setup: { data: XOR, algorithm: 'adaboost', params: { ...FULL, sampling: 'resample' }, rounds: 2 },
      panel: 'worked-table',
      claim: 'To grow a tree that minimises the weighted error, the notes leave the tree learner alone and change its data: draw ' +
        'N rows with replacement, each draw picking row n with chance uₙ / Σu. A heavy row comes in several copies, a light one ' +
        'often not at all, and an ordinary tree grown on the draw pays each row\'s weight in expectation (sampling: resample).',
      question: {
        needsDetail: true,
        hides: ['alpha'],  // step 3's answer: the same draw grows the same round 1
        prompt: (c) => `Round 2 draws ${draws(c)} rows. The row on ${rowName(c)} has u = ${sig4(followed(c)?.u ?? NaN)}, and the training rows\' ` +
          `weights sum to Σu = ${sig4(uSum(c))}. How many times is the row drawn on average?`,
        answer: (c) => draws(c) * sig4(followed(c)?.u ?? NaN) / sig4(uSum(c)),
        explain: (c) => `${draws(c)} × ${sig4(followed(c)?.u ?? NaN)} / ${sig4(uSum(c))} = ${fixed(draws(c) * (followed(c)?.u ?? NaN) / uSum(c))} on ` +
          `average; this round drew it ${followed(c)?.drawn ?? '?'} times (the worked table's drawn column; ` +
          `${c.detail?.summary?.drawn?.counts[0] ?? '?'} training rows were not drawn at all: the few rows round 1 got wrong now hold half of Σu, ` +
          'so half the draws land on them).',
      },
    },
    {
      title: 'A tree grown on a draw errs, and boosting goes on',
      own: ['binary'],
      setup: { data: XOR, algorithm: 'adaboost', params: { ...FULL, sampling: 'resample' }, rounds: 20 },
      panel: 'last-round',
      claim: 'The same full-depth tree, grown on a draw, is perfect only on the rows drawn. Its error ε is measured on all training ' +
        'rows with their weights, and the rows it never saw make it above 0: its vote is finite, the rows it got wrong gain weight, ' +
        'and the next round has something to learn. Drawing (or pruning) is what keeps a strong learner weak enough to boost.',
      question: {
        hides: ['alpha'],
        prompt: (c) => `Round 1's tree, grown on its draw, has ε₁ = ${fixed(eps(c), 6)} on the training rows (the line above the chart ` +
          `shows round ${c.run?.reports.length ?? 20}'s). What is its vote α₁ = ln√((1 − ε₁)/ε₁)?`,
        answer: (c) => c.report(1)?.alpha ?? NaN,
        explain: (c) => `ln√((1 − ${fixed(eps(c), 6)}) / ${fixed(eps(c), 6)}) = ${fixed(Math.log(diamond(eps(c))), 4)}; the engine\'s α₁ = ` +
          `${fixed(c.report(1)?.alpha ?? NaN, 4)}. All ${c.run?.reports.length ?? '?'} rounds trained.`,
      },
    },
  ],
  challenge: {
    goal: 'Keep max_depth at 12 and every row weighed (sampling reweight), and make AdaBoost on xor train all 20 rounds with a ' +
      'validation error of 0.03 or less: prune the trees another way.',
    hint: 'A tree of depth 12 need not use its depth: max_leaves caps how many leaves it grows. Too few leaves and each tree is a ' +
      'poor voter; too many and round 1 is perfect again.',
    met: (run, source) => !!run && source.startsWith('toy:xor') && run.params.algorithm === 'adaboost' && Number(run.params.max_depth ?? 1) >= 12 &&
      (run.params.sampling ?? 'reweight') === 'reweight' && run.reports.length >= 20 && lastValidError(run) <= 0.03,
  },
};

// AdaBoost as steepest descent on the exponential error (the notes' optimisation view), on circles
// with the notes' stumps: the weights are the error, the vote is the best step along g_t, and each
// round multiplies the error by 2√(ε(1 − ε)).
const RINGS = 'toy:circles:400:0.1:0';
const DESCENT = { ...STUMPS, rounds: '40' };
const expLoss = (c: LessonContext, round: number) => c.report(round)?.expLoss ?? NaN;
const fall = (e: number) => 2 * Math.sqrt(e * (1 - e));

const ADABOOST_DESCENT: Lesson = {
  id: 'adaboost-descent',
  title: 'AdaBoost as steepest descent',
  notes: 'the notes\' optimisation view of AdaBoost: the exponential error, the functional gradient and the steepest step',
  summary: 'The weights are the exponential error of the voting score; the vote α = ln◆ is the best step along the stump; each round multiplies the error by 2√(ε(1 − ε)).',
  steps: [
    {
      title: 'The weights are the exponential error',
      own: ['binary'],
      setup: { data: RINGS, algorithm: 'adaboost', params: DESCENT, rounds: 1 },
      panel: 'round-panel',
      claim: 'Unroll the notes\' update u ← u·exp(−y·α·g) from uₙ = 1/N, unnormalised: each weight becomes (1/N)·exp(−yₙ·sₙ), ' +
        'sₙ = Σ ατgτ(xₙ) the voting score. Their sum, (1/N)Σ exp(−y·s), is the exponential error, a bound on the 0/1 error that ' +
        'AdaBoost shrinks round by round. After round 1 it is ε₁·◆₁ + (1 − ε₁)/◆₁.',
      question: {
        hides: ['exploss'],
        prompt: (c) => `Round 1's stump has ε₁ = ${fixed(eps(c), 4)}. What is the exponential error after round 1, ε₁·◆₁ + (1 − ε₁)/◆₁?`,
        answer: (c) => expLoss(c, 1),
        explain: (c) => `◆₁ = ${fixed(diamond(eps(c)), 4)}, so ε₁·◆₁ + (1 − ε₁)/◆₁ = 2√(ε₁(1 − ε₁)) = ${fixed(fall(eps(c)), 4)}; ` +
          `the round panel's exponential loss after round 1: ${fixed(expLoss(c, 1), 4)} (the page normalises u to sum 1 each round and shows the unnormalised sum as this loss).`,
      },
    },
    {
      title: 'The vote is the steepest step along gₜ',
      own: ['binary'],
      setup: { data: RINGS, algorithm: 'adaboost', params: DESCENT, rounds: 3 },
      panel: 'round-panel',
      claim: 'Round t first picks the direction: the stump gₜ with the least weighted error is the h that makes Σ u·exp(−y·η·h) fall ' +
        'fastest for a small step (its first-order term is −η·Σ u·y·h). Then it walks along gₜ as far as pays: E_ADA(η) = ' +
        'Σ u·exp(−y·η·gₜ) = (1 − εₜ)e^{−η} + εₜe^{η}. The round panel draws this curve for the round on show.',
      question: {
        hides: ['alpha', 'eada'],
        prompt: (c) => `Round 3's stump has ε₃ = ${fixed(eps(c, 3), 4)}. At which step η is E_ADA(η) smallest?`,
        answer: (c) => Math.log(diamond(eps(c, 3))),
        explain: (c) => `Setting dE/dη = −(1 − ε₃)e^{−η} + ε₃e^{η} to 0 gives e^{2η} = (1 − ε₃)/ε₃, so η = ln◆₃ = ` +
          `${fixed(Math.log(diamond(eps(c, 3))), 4)}: exactly the vote α₃ = ${fixed(c.report(3)?.alpha ?? NaN, 4)} the engine gave it. ` +
          'The vote is the steepest-descent step, not a separate rule.',
      },
    },
    {
      title: 'Each round multiplies the error by 2√(ε(1 − ε))',
      own: ['binary'],
      setup: { data: RINGS, algorithm: 'adaboost', params: DESCENT, rounds: 5 },
      panel: 'round-panel',
      claim: 'At its best step E_ADA is 2√(εₜ(1 − εₜ)), below 1 whenever εₜ < ½: the round multiplies the exponential error by that ' +
        'factor. A stump a little better than a coin still shrinks the error, just slowly.',
      question: {
        hides: ['exploss'],
        prompt: (c) => `After round 4 the exponential error is ${fixed(expLoss(c, 4), 5)}; round 5's stump has ε₅ = ${fixed(eps(c, 5), 4)}. What is it after round 5?`,
        answer: (c) => expLoss(c, 5),
        explain: (c) => `${fixed(expLoss(c, 4), 5)} × 2√(${fixed(eps(c, 5), 4)} × ${fixed(1 - eps(c, 5), 4)}) = ${fixed(expLoss(c, 4) * fall(eps(c, 5)), 5)}; ` +
          `the engine's: ${fixed(expLoss(c, 5), 5)}.`,
      },
    },
    {
      title: 'A shorter step: ν = 0.5',
      own: ['binary'],
      setup: { data: RINGS, algorithm: 'adaboost', params: { ...DESCENT, eta: '0.5' }, rounds: 1 },
      panel: 'round-panel',
      claim: 'A learning rate ν (shrinkage) scales every vote: α = ν·ln◆. With ν = 0.5 round 1 takes half the ' +
        'step to the bottom of E_ADA: η, the step along gₜ, is ν·ln◆₁ instead of ln◆₁. Shrinkage takes smaller, more careful ' +
        'steps, as gradient boosting\'s ν does. (Names: the page\'s parameter eta is this ν; the notes\' η is the step length along ' +
        'gₜ; the Yale slides call the learning rate λ, XGBoost\'s λ is its L2 penalty.)',
      question: {
        prompt: () => 'With ν = 0.5, is the exponential error after round 1 higher than, lower than or the same as with the full step?',
        choices: ['higher', 'lower', 'the same'],
        answer: (c) => { const a = expLoss(c, 1), b = fall(eps(c)); return Math.abs(a - b) < 1e-9 ? 'the same' : a > b ? 'higher' : 'lower'; },
        explain: (c) => `Half the step: E_ADA(½ln◆₁) = ${fixed(expLoss(c, 1), 4)}, against ${fixed(fall(eps(c)), 4)} at the full step ln◆₁ ` +
          `(the bottom of the curve): half the step, but ${fixed(100 * (1 - expLoss(c, 1)) / (1 - fall(eps(c))), 0)} % of the fall, the curve being flat near its bottom.`,
      },
    },
  ],
  challenge: {
    goal: 'Bring AdaBoost\'s training exponential error on circles below 0.01 within 40 rounds.',
    hint: 'Each round multiplies the error by 2√(ε(1 − ε)): a weak learner with a smaller ε shrinks it faster. What could make gₜ stronger?',
    met: (run, source) => !!run && source.startsWith('toy:circles') && run.params.algorithm === 'adaboost' && run.reports.length <= 40 &&
      (run.reports.at(-1)?.expLoss ?? Infinity) < 0.01,
  },
};

// Gradient boosting on the one-feature wave, squared error: the notes' worked
// derivation (STEP 1 to 2.4) with the engine's numbers for one row the student follows.
const WAVE = 'toy:wave:400:0.15:0';
const GB = { max_depth: '2', eta: '0.5', rounds: '20' };
// The first training row of the worked table's page, and its leaf in the round's tree.
const followed = (c: LessonContext): WorkedRow | undefined => c.detail?.rows.find((r) => !r.valid && !r.left);
const leafOf = (c: LessonContext): RoundLeaf | undefined => c.detail?.leaves.find((l) => l.node === followed(c)?.leaf);
const rowName = (c: LessonContext) => { const r = followed(c); return r ? (r.line > 0 ? `line ${r.line}` : `row ${r.row + 1}`) : 'the first training row'; };
const trainRmse = (run: Run | undefined) => run?.reports.map((r) => r.train?.rmse ?? NaN) ?? [];

const GRADIENT_BOOSTING: Lesson = {
  id: 'gradient-boosting',
  title: 'Gradient boosting, worked',
  notes: 'the notes\' step-by-step derivation of gradient boosting (STEP 0 to 3) and their residual-fitting stages S₀ … S_M',
  summary: 'The constant f₀, pseudo-residuals, a tree on them, each leaf\'s value by line search, and the step of ν: one row followed through a round.',
  steps: [
    {
      title: 'Start from the best constant',
      own: ['regression'],
      setup: { data: WAVE, algorithm: 'gbdt', params: GB, rounds: 1 },
      panel: 'worked-table',
      claim: 'Before any tree, the model is the single number that fits the targets best. For squared error L = ½(y − c)² the ' +
        'total loss falls until Σ(c − y) = 0, that is at the mean of the training targets: f₀ = ȳ. The worked table shows it as F_{t−1} ' +
        'of round 1 for every row.',
      question: {
        hides: ['lossline'],
        needsDetail: true,
        prompt: (c) => `The row on ${rowName(c)} has y = ${fixed(followed(c)?.y ?? NaN, 4)} and f₀ = ${fixed(followed(c)?.before ?? NaN, 4)}. ` +
          'What is its loss ½(y − f₀)²?',
        answer: (c) => 0.5 * ((followed(c)?.y ?? NaN) - (followed(c)?.before ?? NaN)) ** 2,
        explain: (c) => `½(${fixed(followed(c)?.y ?? NaN, 4)} − ${subtrahend(followed(c)?.before ?? NaN, 4)})² = ` +
          `${fixed(0.5 * ((followed(c)?.y ?? NaN) - (followed(c)?.before ?? NaN)) ** 2, 4)}. (Lin's lectures start every score at 0 ` +
          'instead: the first tree then fits y itself and its leaves hold means of y, where here they hold means of y − ȳ.)',
      },
    },
    {
      title: 'What the tree is fit to: pseudo-residuals',
      own: ['regression'],
      setup: { data: WAVE, algorithm: 'gbdt', params: GB, rounds: 1 },
      panel: 'worked-table',
      claim: 'Each round fits a regression tree not to y but to the direction that lowers the loss fastest at the current model, ' +
        'the negative gradient r = −∂L/∂F evaluated at F_{t−1}(x). For squared error this pseudo-residual is the plain residual y − F: ' +
        'boosting with squared error is fitting what is left over, again and again.',
      question: {
        needsDetail: true,
        hides: ['lossline', 'grad'],
        prompt: (c) => `What pseudo-residual r does the row on ${rowName(c)} get in round 1?`,
        answer: (c) => (followed(c)?.y ?? NaN) - (followed(c)?.before ?? NaN),
        explain: (c) => `r = y − f₀ = ${fixed(followed(c)?.y ?? NaN, 4)} − ${subtrahend(followed(c)?.before ?? NaN, 4)} = ` +
          `${fixed((followed(c)?.y ?? NaN) - (followed(c)?.before ?? NaN), 4)}; the engine's gradient g for the row is ${fixed(followed(c)?.g ?? NaN, 4)} = −r.`,
      },
    },
    {
      title: 'Each leaf takes its rows\' best constant',
      own: ['regression'],
      setup: { data: WAVE, algorithm: 'gbdt', params: GB, rounds: 1 },
      panel: 'round-panel',
      claim: 'The tree groups rows into leaves; then each leaf gets the value γ that minimises the loss of its own rows when added to ' +
        'F_{t−1} (a line search per leaf, as Friedman and the worked derivation do). For squared error that is the mean pseudo-residual ' +
        'of the leaf; other losses give a median, a Newton step Σr / Σp(1 − p), and so on. (The notes on Lin\'s lectures instead take ' +
        'one step αₜ for the whole tree by one-variable regression, gbdt\'s step tree_line_search; for squared error both give the leaf means.)',
      question: {
        hides: ['gbleaf', 'leafvalue', 'after'],  // F₁ = f₀ + ν·γ gives γ too
        needsDetail: true,
        prompt: (c) => `The row on ${rowName(c)} lands in a leaf of ${leafOf(c)?.rows ?? '?'} training rows whose residuals sum to ` +
          `${fixed(-(leafOf(c)?.sumGrad ?? NaN), 4)}. What value γ does that leaf take?`,
        answer: (c) => -(leafOf(c)?.sumGrad ?? NaN) / (leafOf(c)?.rows ?? NaN),
        explain: (c) => `γ = ${fixed(-(leafOf(c)?.sumGrad ?? NaN), 4)} / ${leafOf(c)?.rows} = ${fixed(leafOf(c)?.step ?? NaN, 4)} ` +
          '(the round panel lists every leaf with its rows, its mean residual r̄ = −G/n and its step γ).',
      },
    },
    {
      title: 'A step of ν, not all the way',
      own: ['regression'],
      setup: { data: WAVE, algorithm: 'gbdt', params: GB, rounds: 1 },
      panel: 'worked-table',
      claim: 'The model moves a fraction ν (the learning rate, eta) of the leaf\'s value: F₁(x) = f₀ + ν·γ. Small steps need more ' +
        'rounds but let later trees correct earlier ones, which usually generalises better.',
      question: {
        hides: ['after'],
        needsDetail: true,
        prompt: (c) => `With ν = 0.5, f₀ = ${fixed(followed(c)?.before ?? NaN, 4)} and the leaf's γ = ${fixed(leafOf(c)?.step ?? NaN, 4)}, ` +
          `what is F₁ for the row on ${rowName(c)}?`,
        answer: (c) => (followed(c)?.before ?? NaN) + 0.5 * (leafOf(c)?.step ?? NaN),
        explain: (c) => `F₁ = ${fixed(followed(c)?.before ?? NaN, 4)} + 0.5 × ${fixed(leafOf(c)?.step ?? NaN, 4)} = ` +
          `${fixed((followed(c)?.before ?? NaN) + 0.5 * (leafOf(c)?.step ?? NaN), 4)}; the worked table's F₁(x) says ${fixed(followed(c)?.after ?? NaN, 4)}.`,
      },
    },
    {
      title: 'Stages S₀, S₁, …, S_M',
      setup: { data: WAVE, algorithm: 'gbdt', params: GB, rounds: 20 },
      panel: 'surface-box',
      claim: 'Round after round the sum of small trees bends toward the curve the data were drawn around: the picture shows each stage ' +
        'S_t = f₀ + ν Σ trees.',
      question: {
        prompt: () => 'Did the training RMSE go down in every one of the 20 rounds?',
        choices: ['yes', 'no'],
        answer: (c) => (trainRmse(c.run).every((v, i, a) => i === 0 || v <= a[i - 1] + 1e-12) ? 'yes' : 'no'),
        explain: (c) => `Training RMSE by round: ${trainRmse(c.run).slice(0, 5).map((v) => fixed(v)).join(', ')}, … ${fixed(trainRmse(c.run).at(-1) ?? NaN)}. ` +
          'With squared error it cannot rise: each leaf\'s value is the best constant for its rows, and a step of ν < 2 toward it lowers their loss.',
      },
    },
  ],
  challenge: {
    goal: 'Bring the validation RMSE on the wave below 0.285 in at most 30 rounds of gradient boosting (the steps above end near 0.30).',
    hint: 'Look at the picture: is the model still too stiff, or already following the noise? Depth, ν and the number of rounds all trade against each other.',
    met: (run, source) => !!run && source.startsWith('toy:wave') && run.params.algorithm === 'gbdt' && run.reports.length <= 30 &&
      (run.reports.at(-1)?.valid?.rmse ?? Infinity) < 0.285,
  },
};

const CIRCLES = 'toy:circles:400:0.15:0';
const sigmoid = (f: number) => 1 / (1 + Math.exp(-f));

// Gradient boosting for two classes on circles, log loss: the worked derivation's classification
// half. f0 is the log-odds of the training rows' 1s, a row's pseudo-residual is y − p, a leaf's value
// one Newton step Σr / Σp(1 − p), and the final score becomes a probability held against a threshold.
const ones = (c: LessonContext) => c.detail?.classCounts?.[1] ?? NaN;
const trainRows = (c: LessonContext) => (c.detail?.classCounts ?? []).reduce((a, b) => a + b, 0) || NaN;
const p0 = (c: LessonContext) => sigmoid(followed(c)?.before ?? NaN);

const GRADIENT_CLASSES: Lesson = {
  id: 'gradient-boosting-classes',
  title: 'Gradient boosting for two classes',
  notes: 'the classification half of the notes\' step-by-step derivation: log loss, f₀ = the log-odds, r = y − σ(F), each leaf\'s Σr / Σσ(1 − σ)',
  summary: 'The same loop on a yes/no target: a score turned into a probability, residuals y − p, and each leaf set by one Newton step.',
  steps: [
    {
      title: 'Start from the log-odds',
      setup: { data: CIRCLES, algorithm: 'gbdt', params: GB, rounds: 1 },
      panel: 'round-panel',
      claim: 'With two classes (y = 0 or 1) the model\'s output F is a score, not a prediction (XGBoost calls it the margin; the ' +
        'notes\' margin is ỹ·F, ỹ = 2y − 1), turned into a probability by p = σ(F) = 1/(1 + e^{−F}). The log loss −[y·ln p + (1 − y)·ln(1 − p)] ' +
        'has derivative p − y in F. The best constant makes those derivatives sum to zero over the training rows: σ(f₀) is the share ' +
        'of 1s, so f₀ is their log-odds, ln(ones / zeros).',
      question: {
        hides: ['f0', 'lossline', 'after', 'leafvalue'],  // F₁ − ν·γ, the loss figure's ỹ·F and the SHAP bias give f₀ too
        needsDetail: true,
        prompt: (c) => `Of the ${trainRows(c)} training rows, ${ones(c)} have y = 1. What is f₀ = ln(ones / zeros)?`,
        answer: (c) => c.detail?.baseMargin[0] ?? NaN,
        explain: (c) => `f₀ = ln(${ones(c)} / ${trainRows(c) - ones(c)}) = ${fixed(Math.log(ones(c) / (trainRows(c) - ones(c))), 4)}; the engine's ` +
          `f₀: ${fixed(c.detail?.baseMargin[0] ?? NaN, 4)}, so every row starts at p = σ(f₀) = ${fixed(sigmoid(c.detail?.baseMargin[0] ?? NaN), 4)}. ` +
          '(The worked derivation writes it −ln(zeros / ones), minus the log of the odds against: the same number.)',
      },
    },
    {
      title: 'A pseudo-residual is y − p',
      own: ['binary'],
      setup: { data: CIRCLES, algorithm: 'gbdt', params: GB, rounds: 1 },
      panel: 'worked-table',
      claim: 'The tree of round t is fit to the negative gradient at the current score, r = −∂L/∂F = y − σ(F_{t−1}(x)): the row\'s ' +
        'class less the probability the model now gives it. A 1 the model thinks unlikely gets a large positive r, a 0 it thinks ' +
        'likely a large negative one; rows it already gets right with confidence get r near 0.',
      question: {
        hides: ['grad', 'lossline'],
        needsDetail: true,
        prompt: (c) => `The row on ${rowName(c)} has y = ${followed(c)?.y ?? '?'} and score F₀ = ${fixed(followed(c)?.before ?? NaN, 4)}. ` +
          'What is its pseudo-residual r = y − σ(F₀)?',
        answer: (c) => (followed(c)?.y ?? NaN) - p0(c),
        explain: (c) => `σ(${fixed(followed(c)?.before ?? NaN, 4)}) = ${fixed(p0(c), 4)}, so r = ${followed(c)?.y} − ${fixed(p0(c), 4)} = ` +
          `${fixed((followed(c)?.y ?? NaN) - p0(c), 4)}; the engine's gradient for the row is g = ${fixed(followed(c)?.g ?? NaN, 4)} = −r.`,
      },
    },
    {
      title: 'Each leaf: one Newton step, Σr / Σp(1 − p)',
      own: ['binary'],
      setup: { data: CIRCLES, algorithm: 'gbdt', params: GB, rounds: 1 },
      panel: 'round-panel',
      claim: 'A leaf\'s best value γ would minimise its rows\' log loss at F_{t−1}(x) + γ, an equation with no closed form. Expanding the ' +
        'loss to second order in γ and setting the derivative to zero gives one Newton step instead: γ = Σr / Σp(1 − p), the leaf\'s ' +
        'residuals over the sum of p(1 − p), the second derivative of the log loss. Rows the model is unsure of (p near ½) weigh most in ' +
        'the denominator. It is XGBoost\'s w* = −G/(H + λ) with λ = 0.',
      question: {
        hides: ['gbleaf', 'leafvalue', 'after'],  // F₁ = f₀ + ν·γ gives γ too
        needsDetail: true,
        prompt: (c) => `The row on ${rowName(c)} lands in a leaf whose residuals sum to Σr = ${fixed(-(leafOf(c)?.sumGrad ?? NaN), 4)} and ` +
          `whose rows' p(1 − p) sum to ${fixed(leafOf(c)?.sumHess ?? NaN, 4)}. What value γ does the leaf take?`,
        answer: (c) => -(leafOf(c)?.sumGrad ?? NaN) / (leafOf(c)?.sumHess ?? NaN),
        explain: (c) => `γ = ${fixed(-(leafOf(c)?.sumGrad ?? NaN), 4)} / ${fixed(leafOf(c)?.sumHess ?? NaN, 4)} = ` +
          `${fixed(-(leafOf(c)?.sumGrad ?? NaN) / (leafOf(c)?.sumHess ?? NaN), 4)}; the engine's leaf: ${fixed(leafOf(c)?.step ?? NaN, 4)} (before ν). ` +
          `The plain mean of its residuals would be ${fixed(leafOf(c)?.mean ?? NaN, 4)}.`,
      },
    },
    {
      title: 'Step the score, then read the probability',
      own: ['binary'],
      setup: { data: CIRCLES, algorithm: 'gbdt', params: GB, rounds: 1 },
      panel: 'worked-table',
      claim: 'The update is made on the score, never on the probability: F₁(x) = f₀ + ν·γ, and only then p = σ(F₁). A score can ' +
        'grow without bound while p stays between 0 and 1, which is why the trees add up on the log-odds scale.',
      question: {
        hides: ['after'],
        needsDetail: true,
        prompt: (c) => `With ν = 0.5, f₀ = ${fixed(followed(c)?.before ?? NaN, 4)} and its leaf's γ = ${fixed(leafOf(c)?.step ?? NaN, 4)}, ` +
          `what probability p = σ(F₁) does the row on ${rowName(c)} have after round 1?`,
        answer: (c) => sigmoid((followed(c)?.before ?? NaN) + 0.5 * (leafOf(c)?.step ?? NaN)),
        explain: (c) => { const F = (followed(c)?.before ?? NaN) + 0.5 * (leafOf(c)?.step ?? NaN);
          return `F₁ = ${fixed(followed(c)?.before ?? NaN, 4)} + 0.5 × ${subtrahend(leafOf(c)?.step ?? NaN, 4)} = ${fixed(F, 4)} (the worked ` +
            `table's F₁(x): ${fixed(followed(c)?.after ?? NaN, 4)}), and p = σ(${fixed(F, 4)}) = ${fixed(sigmoid(F), 4)}, from ${fixed(p0(c), 4)} before.`; },
      },
    },
    {
      title: 'The last stage and a threshold',
      own: ['binary'],
      setup: { data: CIRCLES, algorithm: 'gbdt', params: GB, rounds: 20 },
      panel: 'worked-table',
      claim: 'After the last round the model gives each x a probability σ(F_M(x)); a class comes only with a threshold: 1 where ' +
        'σ(F_M(x)) ≥ the threshold, else 0. At ½ that is the sign of the score. A higher threshold calls fewer rows 1, with fewer ' +
        'false alarms and more misses: the threshold is a choice about costs, not part of the model.',
      question: {
        needsDetail: true,
        prompt: (c) => `After round 20 the row on ${rowName(c)} has score F₂₀(x) = ${fixed(followed(c)?.after ?? NaN, 4)}. ` +
          'Up to which threshold would it be called 1, that is, what is σ(F₂₀(x))?',
        answer: (c) => sigmoid(followed(c)?.after ?? NaN),
        explain: (c) => { const p = sigmoid(followed(c)?.after ?? NaN);
          return `σ(${fixed(followed(c)?.after ?? NaN, 4)}) = ${fixed(p, 4)}: any threshold up to ${fixed(p, 4)} calls it 1, any above calls it 0. ` +
            `At ½ it is ${p >= 0.5 ? '1' : '0'}, and its y is ${followed(c)?.y}. "How good is the model?" cuts the validation rows' p at ` +
            'any threshold: its slider redraws the confusion matrix and marks the point on the ROC curve.'; },
      },
    },
  ],
  challenge: {
    goal: 'In at most 5 rounds of gradient boosting on circles, bring the validation log loss below 0.02 (the steps\' settings reach ' +
      '0.20 at round 5 and 0.015 only at round 20).',
    hint: 'Five rounds must move the scores far: ν and the depth both do. Deeper is not always better: watch the validation ' +
      'log loss, as a tree that fits single training rows makes their scores confident, and a confident mistake costs much.',
    met: (run, source) => !!run && source.startsWith('toy:circles') && run.params.algorithm === 'gbdt' && run.reports.length <= 5 &&
      (run.reports.at(-1)?.valid?.logloss ?? Infinity) < 0.02,
  },
};

// XGBoost's second-order objective on circles (log loss): g and h of a row, a leaf's w* from its G, H
// and λ, λ pulling leaves toward 0, the tree's objective value, and γ pruning splits.
const SECOND = { max_depth: '2', eta: '0.3', rounds: '20' };
const objectiveOf = (c: LessonContext, lambda: number) =>
  -0.5 * (c.detail?.leaves ?? []).reduce((t, l) => t + l.sumGrad ** 2 / (l.sumHess + lambda), 0);

const XGBOOST: Lesson = {
  id: 'xgboost-objective',
  title: 'XGBoost\'s regularised second-order objective',
  notes: 'the notes on XGBoost: the Taylor expansion of the loss, w* = −G/(H+λ), the split gain with λ and γ',
  summary: 'Each row\'s g and h, a leaf\'s best weight −G/(H+λ), what λ does to it, a tree\'s objective value, and γ pruning splits.',
  steps: [
    {
      title: 'Two numbers per row: g and h',
      own: ['binary'],
      setup: { data: CIRCLES, algorithm: 'xgboost', params: SECOND, rounds: 1 },
      panel: 'worked-table',
      claim: 'XGBoost expands each row\'s loss around the current score F to second order: L(y, F + w) ≈ L + g·w + ½h·w², with ' +
        'g and h the loss\'s first and second derivatives at F. For log loss with p = σ(F): g = p − y and h = p(1 − p). The whole ' +
        'round is then built from the sums of g and h over rows.',
      question: {
        hides: ['hess', 'objective'],  // and step 4's answer, the tree's objective, on the same run
        needsDetail: true,
        prompt: (c) => `The row on ${rowName(c)} has y = ${followed(c)?.y ?? '?'} and score F₀ = ${fixed(followed(c)?.before ?? NaN, 4)} ` +
          `(p = σ(F₀) = ${fixed(sigmoid(followed(c)?.before ?? NaN), 4)}). What is its h = p(1 − p)?`,
        answer: (c) => { const p = sigmoid(followed(c)?.before ?? NaN); return p * (1 - p); },
        explain: (c) => { const p = sigmoid(followed(c)?.before ?? NaN); return `h = ${fixed(p, 4)} × ${fixed(1 - p, 4)} = ${fixed(p * (1 - p), 4)}; ` +
          `g = p − y = ${fixed(p - (followed(c)?.y ?? NaN), 4)}. The engine's: g = ${fixed(followed(c)?.g ?? NaN, 4)}, h = ${fixed(followed(c)?.h ?? NaN, 4)}. ` +
          'F₀ is the same for every row: the log-odds of the training rows\' share of 1s, the constant that minimises the loss ' +
          '(the notes\' f₀; XGBoost 2 and later fit base_score so, XGBoost 1 started at p = ½).'; },
      },
    },
    {
      title: 'A leaf\'s best weight: w* = −G/(H + λ)',
      own: ['binary'],
      setup: { data: CIRCLES, algorithm: 'xgboost', params: SECOND, rounds: 1 },
      panel: 'round-panel',
      claim: 'Summed over a leaf\'s rows, the expansion is G·w + ½(H + λ)·w², where λ is the L2 penalty on leaf weights. This ' +
        'parabola is lowest at w* = −G/(H + λ): one Newton step, damped by λ.',
      question: {
        hides: ['leafw', 'leafvalue', 'after', 'objective'],  // F₁ = F₀ + η·w* gives w* too; step 4's answer
        needsDetail: true,
        prompt: (c) => `The row on ${rowName(c)} lands in a leaf with G = ${fixed(leafOf(c)?.sumGrad ?? NaN, 4)} and H = ` +
          `${fixed(leafOf(c)?.sumHess ?? NaN, 4)}; λ = 1. What is the leaf's w*?`,
        answer: (c) => -(leafOf(c)?.sumGrad ?? NaN) / ((leafOf(c)?.sumHess ?? NaN) + 1),
        explain: (c) => `w* = −(${fixed(leafOf(c)?.sumGrad ?? NaN, 4)}) / (${fixed(leafOf(c)?.sumHess ?? NaN, 4)} + 1) = ` +
          `${fixed(-(leafOf(c)?.sumGrad ?? NaN) / ((leafOf(c)?.sumHess ?? NaN) + 1), 4)}; the engine's leaf: ${fixed(leafOf(c)?.step ?? NaN, 4)} (before η).`,
      },
    },
    {
      title: 'λ pulls every leaf toward 0',
      own: ['binary'],
      setup: { data: CIRCLES, algorithm: 'xgboost', params: { ...SECOND, lambda: '20' }, rounds: 1 },
      panel: 'round-panel',
      claim: 'A larger λ adds to every leaf\'s denominator: leaves with few rows (small H) shrink the most, so the tree trusts ' +
        'a handful of rows less. λ also enters the split gain, so it can change the tree itself.',
      question: {
        hides: ['leafw', 'leafvalue', 'after'],  // F₁ = F₀ + η·w* gives w* too
        needsDetail: true,
        prompt: (c) => `Now λ = 20. The row on ${rowName(c)} lands in a leaf with G = ${fixed(leafOf(c)?.sumGrad ?? NaN, 4)} and H = ` +
          `${fixed(leafOf(c)?.sumHess ?? NaN, 4)}. What is its w*?`,
        answer: (c) => -(leafOf(c)?.sumGrad ?? NaN) / ((leafOf(c)?.sumHess ?? NaN) + 20),
        explain: (c) => `w* = −G/(H + 20) = ${fixed(-(leafOf(c)?.sumGrad ?? NaN) / ((leafOf(c)?.sumHess ?? NaN) + 20), 4)}; with λ = 1 the same G ` +
          `and H would give ${fixed(-(leafOf(c)?.sumGrad ?? NaN) / ((leafOf(c)?.sumHess ?? NaN) + 1), 4)}.`,
      },
    },
    {
      title: 'The tree\'s objective value',
      own: ['binary'],
      setup: { data: CIRCLES, algorithm: 'xgboost', params: SECOND, rounds: 1 },
      panel: 'round-panel',
      claim: 'Put every leaf at its w* and the objective Σ_j [G_j w_j + ½(H_j + λ)w_j²] + γT becomes −½ Σ_j G_j²/(H_j + λ) + γT: ' +
        'a score for the whole tree, lower is better. The split gain is exactly how much a split lowers it. (The round panel prices ' +
        'a leaf at ½γ, the engine\'s γ being XGBoost\'s: the next step says why. Here γ = 0.)',
      question: {
        hides: ['objective'],
        needsDetail: true,
        prompt: (c) => `Round 1's tree has ${c.detail?.leaves.length ?? '?'} leaves (the round panel lists each one's G and H); λ = 1, γ = 0. ` +
          'What is its objective value −½ Σ G²/(H + λ)?',
        answer: (c) => objectiveOf(c, 1),
        explain: (c) => `−½ × (${(c.detail?.leaves ?? []).map((l) => fixed(l.sumGrad ** 2 / (l.sumHess + 1), 4)).join(' + ')}) = ${fixed(objectiveOf(c, 1), 4)}.`,
      },
    },
    {
      title: 'γ: a price per leaf',
      own: ['binary', 'regression'],
      setup: { data: CIRCLES, algorithm: 'xgboost', params: SECOND, rounds: 20 },
      panel: 'inside-panel',
      claim: 'In the notes each leaf costs γ, so a split stays only if it lowers −½ΣG²/(H+λ) by more than γ: ½·bracket − γ > 0. ' +
        'XGBoost\'s γ (min_split_loss), which this engine follows, is held against the bracket itself, twice that fall: a split ' +
        'stays when bracket ≥ γ, so this γ prices a leaf at γ/2 of the notes\' objective. The round panel\'s objective counts ' +
        'leaves so (½γT), and a kept split never raises it; the node inspector names both rules. Big γ: fewer, surer splits.',
      question: {
        prompt: () => 'After 20 rounds with γ = 0, did every tree use all 4 leaves a depth-2 tree can have?',
        choices: ['yes', 'no'],
        answer: (c) => ((c.run?.reports ?? []).every((r) => r.tree?.leaves === 4) ? 'yes' : 'no'),
        explain: (c) => `Leaves per tree: ${(c.run?.reports ?? []).map((r) => r.tree?.leaves ?? '?').join(', ')}. Even at γ = 0 a split must ` +
          'lower the objective (its bracket above 0) and leave each side min_child_weight of H: a node whose rows already agree, or are few, stays a leaf.',
      },
    },
  ],
  challenge: {
    goal: 'With γ alone (max_depth still 2), stop round 1\'s tree on circles from splitting at all: a single leaf. Then find how small γ can be. ' +
      '(The engine prunes as XGBoost does: a split stays while its bracket is at least γ. The notes keep it while ½·bracket − γ > 0, ' +
      'so the same tree there needs half this γ.)',
    hint: 'Click each split of round 1\'s tree: the node inspector gives its bracket. The tree grows from the root down and makes a split only when its bracket ≥ γ: once γ passes the root\'s bracket the root is not split, and the splits below it are never tried, whatever their brackets. γ is under "More parameters".',
    met: (run, source) => !!run && source.startsWith('toy:circles') && run.params.algorithm === 'xgboost' && Number(run.params.max_depth ?? 6) === 2 &&
      Number(run.params.gamma ?? 0) > 0 && run.reports[0]?.tree?.leaves === 1,
  },
};

// Random forests on spiral: bootstrap samples (about 1/e of the rows left out of each), a few
// features drawn per split, and the out-of-bag error as the forest's own honest test.
const SPIRAL = 'toy:spiral:400:0.15:0';
const FOREST = { rounds: '60' };
const drawnShare = (c: LessonContext) => { const d = c.detail?.summary?.drawn; return d ? d.counts[0] / d.counts.reduce((a, b) => a + b, 0) : NaN; };
const lastTrain = (run: Run | undefined, name: string) => run?.reports.at(-1)?.train?.[name] ?? NaN;

const FORESTS: Lesson = {
  id: 'random-forest',
  title: 'Random forests: bootstrap, random features, out-of-bag',
  notes: 'the notes on bagging and random forests (bootstrap samples, random feature subspaces, out-of-bag estimates)',
  summary: 'Each tree\'s bootstrap sample and the rows it leaves out, the features each split may look at, and the out-of-bag error.',
  steps: [
    {
      title: 'Each tree sees a bootstrap sample',
      own: ['binary', 'multiclass', 'regression'],
      setup: { data: SPIRAL, algorithm: 'random_forest', params: FOREST, rounds: 1 },
      panel: 'round-panel',
      claim: 'A forest grows each tree on N rows drawn with replacement from the N training rows. A given row escapes all N draws ' +
        'with probability (1 − 1/N)^N, which tends to 1/e ≈ 0.368: every tree leaves out about a third of the rows, a different third ' +
        'each time, and that difference is what makes the trees disagree.',
      question: {
        hides: ['oobshare'],
        needsDetail: true,
        share: true,
        prompt: () => 'The round panel counts tree 1\'s draws per row. What share of the training rows did tree 1 never draw?',
        answer: (c) => drawnShare(c),
        explain: (c) => `${c.detail?.summary?.drawn?.counts[0]} of ${c.detail?.summary?.drawn?.counts.reduce((a, b) => a + b, 0)} rows: ` +
          `${fixed(drawnShare(c))}, near 1/e = 0.368.`,
      },
    },
    {
      title: 'A few features per split',
      setup: { data: SPIRAL, algorithm: 'random_forest', params: FOREST, rounds: 1 },
      panel: 'round-panel',
      claim: 'Each split may only choose among a random handful of the p features (⌊√p⌋ for classes, at least 1, as scikit-learn\'s max_features; the notes write √p): ' +
        'trees that cannot all reach for the same strongest feature make errors that average out.',
      question: {
        hides: ['tried'],
        needsDetail: true,
        prompt: () => 'Spiral has p = 2 features (x1, x2). How many features did each split of tree 1 draw to choose from?',
        answer: (c) => c.detail?.tried[0]?.features.length ?? NaN,
        tolerance: 0,
        explain: (c) => `${c.detail?.tried[0]?.features.length}: ⌊√2⌋ = 1, so each split has one feature to cut; the round panel lists each ` +
          'split\'s draw.',
      },
    },
    {
      title: 'The out-of-bag error',
      own: ['binary'],
      setup: { data: SPIRAL, algorithm: 'random_forest', params: FOREST, rounds: 60 },
      panel: 'chart-panel',
      claim: 'Every row is left out by about a third of the trees: their vote on it is a prediction by trees that never saw it. Scored ' +
        'over all rows, this out-of-bag error estimates the forest\'s error on new data without holding any rows back, while the training ' +
        'error of deep trees says almost nothing.',
      question: {
        prompt: () => 'After 60 trees, which is nearer the validation error (rows no tree trained on): the training error or the out-of-bag error?',
        choices: ['training error', 'out-of-bag error'],
        answer: (c) => { const v = c.run?.reports.at(-1)?.valid?.error ?? NaN;
          return Math.abs(lastTrain(c.run, 'error') - v) < Math.abs(lastTrain(c.run, 'oob_error') - v) ? 'training error' : 'out-of-bag error'; },
        explain: (c) => `Training error ${fixed(lastTrain(c.run, 'error'))}, out-of-bag ${fixed(lastTrain(c.run, 'oob_error'))}, ` +
          `validation ${fixed(c.run?.reports.at(-1)?.valid?.error ?? NaN)}: the out-of-bag error is the one near the validation error.`,
      },
    },
  ],
  challenge: {
    goal: 'Get a forest\'s out-of-bag error on spiral within 0.03 of its validation error, with at least 30 trees.',
    hint: 'Few trees leave some rows with no out-of-bag vote at all; more trees make both errors steadier.',
    met: (run, source) => !!run && source.startsWith('toy:spiral') && run.params.algorithm === 'random_forest' && run.reports.length >= 30 &&
      Math.abs(lastTrain(run, 'oob_error') - (run.reports.at(-1)?.valid?.error ?? NaN)) <= 0.03,
  },
};

// Ranking on the ranking sample (201 queries): GBRank (Zheng et al. 2007), the notes' gradient boosting
// for regression put to work on preference pairs, then LambdaMART (XGBoost's rank:ndcg) beside it.
const RANK = 'sample:rank';
const PAIRS = { rounds: '50' };
const pairsOf = (c: LessonContext, round: number) => c.report(round)?.pairs;
const validNdcg = (run: Run | undefined) => run?.reports.at(-1)?.valid?.['ndcg@5'] ?? NaN;

const RANKING: Lesson = {
  id: 'ranking-gbrank',
  title: 'Ranking: GBRank and LambdaMART',
  notes: 'the notes on gradient boosting for regression, which they put to work in GBRank; the pairs, targets and blend are from ' +
    'GBRank\'s paper (Zheng, Chen, Sun and Zha, SIGIR 2007), which the notes cite',
  summary: 'Learning an order from pairs: which pairs a round learns from, the targets GBRank gives them, its blend of rounds, and LambdaMART beside it.',
  steps: [
    {
      title: 'Pairs, not labels',
      setup: { data: RANK, algorithm: 'gbrank', params: PAIRS, rounds: 1 },
      panel: 'round-panel',
      claim: 'A ranking is learnt from preferences: within a query, a document x more relevant than y says h(x) should be above h(y). ' +
        'GBRank collects S⁻, the pairs the current scores get wrong or by less than a margin τ: h(x) < h(y) + τ. Round 1 starts ' +
        'with every score h₀ = 0.',
      question: {
        hides: ['sminus'],
        prompt: (c) => `The training queries hold ${pairsOf(c, 1)?.total ?? '?'} pairs of documents of different relevance (the round panel's first line). ` +
          'How many of them are in S⁻ in round 1?',
        answer: (c) => pairsOf(c, 1)?.wrong ?? NaN,
        tolerance: 1e-9,
        explain: (c) => `All ${pairsOf(c, 1)?.wrong ?? '?'}: with every h₀ = 0, each pair has h(x) = h(y) < h(y) + τ, so every pair is ` +
          'still to be learnt.',
      },
    },
    {
      title: 'Swapped targets, a regression tree',
      setup: { data: RANK, algorithm: 'gbrank', params: PAIRS, rounds: 1 },
      panel: 'round-panel',
      claim: 'For each pair in S⁻ GBRank sets regression targets that would put the pair right: x gets h(y) + τ, y gets h(x) − τ. ' +
        'Then it does what the notes do for regression: a least-squares tree fit to the targets, each leaf the mean of the targets ' +
        'that reach it. A document in several pairs carries several targets.',
      question: {
        prompt: () => 'In round 1 (every h₀ = 0, τ = 1), what target does the more relevant document of a pair get?',
        answer: () => 1,
        tolerance: 0.001,
        explain: () => 'h(y) + τ = 0 + 1 = 1; its partner gets h(x) − τ = −1. The "One query, ranked" panel lists a query\'s pairs and ' +
          'their targets once its Queries menu is set to training (a validation query has no targets: it is not trained on).',
      },
    },
    {
      title: 'A blend, not a sum',
      setup: { data: RANK, algorithm: 'gbrank', params: PAIRS, rounds: 2 },
      panel: 'round-panel',
      claim: 'Unlike gradient boosting, GBRank does not add its new tree gₖ to the scores: it blends, hₖ = (k·hₖ₋₁ + η·gₖ)/(k + 1). ' +
        'Each round moves the scores less than the one before, toward the targets it was fit to.',
      question: {
        hides: ['blend'],
        needsDetail: true,
        prompt: () => 'In round 2, what weight does h₁ keep in h₂?',
        answer: (c) => c.detail?.blend?.keep ?? NaN,
        tolerance: 0.001,
        explain: (c) => `k/(k + 1) = 2/3 = ${fixed(c.detail?.blend?.keep ?? NaN, 4)}; g₂ gets η/3 = ${fixed(c.detail?.blend?.add ?? NaN, 4)}.`,
      },
    },
    {
      title: 'Fewer pairs out of order',
      setup: { data: RANK, algorithm: 'gbrank', params: PAIRS, rounds: 20 },
      panel: 'round-panel',
      claim: 'As the scores learn the order, pairs leave S⁻ once they are ordered by the margin τ; each round learns from those still ' +
        'in it. With τ = 1 most pairs stay within the margin for many rounds, so the count moves slowly, and not always down.',
      question: {
        prompt: () => 'Does round 20 learn from fewer pairs than round 1?',
        choices: ['yes', 'no'],
        answer: (c) => ((pairsOf(c, 20)?.wrong ?? Infinity) < (pairsOf(c, 1)?.wrong ?? -Infinity) ? 'yes' : 'no'),
        explain: (c) => `Round 1 learnt from ${pairsOf(c, 1)?.wrong ?? '?'} pairs, round 20 from ${pairsOf(c, 20)?.wrong ?? '?'} ` +
          `of ${pairsOf(c, 20)?.total ?? '?'}. Rounds 1 to 20: ${Array.from({ length: 20 }, (_, i) => pairsOf(c, i + 1)?.wrong ?? '?').join(', ')}.`,
      },
    },
    {
      title: 'LambdaMART beside it',
      setup: { data: RANK, algorithm: 'xgboost', params: { rounds: '20', objective: 'rank:ndcg' }, rounds: 20 },
      panel: 'chart-panel',
      claim: 'LambdaMART (XGBoost\'s rank:ndcg) also learns from pairs, but weighs each by how much swapping it would change NDCG, so ' +
        'pairs near the top of a query count most, and it adds Newton steps as XGBoost-style boosting does. NDCG@5 scores the top five ' +
        'of each query, 1 for the ideal order.',
      question: {
        prompt: () => 'After 20 rounds, is LambdaMART\'s validation NDCG@5 above 0.7?',
        choices: ['yes', 'no'],
        answer: (c) => (validNdcg(c.run) > 0.7 ? 'yes' : 'no'),
        explain: (c) => `Its validation NDCG@5 after round ${c.run?.reports.length ?? 0} is ${fixed(validNdcg(c.run), 4)}.`,
      },
    },
  ],
  challenge: {
    goal: 'Train GBRank on the ranking sample for 50 rounds or more and end with a validation NDCG@5 of 0.70 or above ' +
      '(the default settings end at about 0.69).',
    hint: 'Each round\'s tree enters the blend with weight η/(k + 1): what happens when the new trees are trusted less?',
    met: (run, source) => !!run && source === RANK && run.params.algorithm === 'gbrank' && run.status === 'done' && run.reports.length >= 50 &&
      validNdcg(run) >= 0.7,
  },
};

// Blending the four algorithms' predictions (the notes' uniform, linear and stacking blending) on
// xor, where AdaBoost's stumps fail: a uniform vote keeps the weak member, linear blending learns
// whom to trust, stacking learns a model on top. The blends are fit on half of the validation rows
// and every number is scored on the other half (compare.ts).
const XOR_BIG = 'toy:xor:1000:0.1:0';
const FOUR = { rounds: '60' };
const loglossOf = (m: Record<string, number> | undefined) => m?.logloss ?? NaN;
const blendOf = (c: LessonContext, name: 'uniform' | 'linear' | 'stacking') => c.compare?.blends.find((b) => b.name === name);
const runLosses = (c: LessonContext) => (c.compare?.runs ?? []).map((r) => loglossOf(r.metrics));
const NAMES = ['XGBoost-style', 'gradient boosting', 'AdaBoost', 'random forest'];
const NAME_OF: Record<string, string> = { xgboost: NAMES[0], gbdt: NAMES[1], adaboost: NAMES[2], random_forest: NAMES[3] };

const BLENDING: Lesson = {
  id: 'blending',
  title: 'Blending: uniform, linear, stacking',
  notes: 'the notes on blending and bagging: uniform aggregation, linear blending and stacking',
  summary: 'Four algorithms trained on the same rows, then their predictions combined: a fair vote, learnt non-negative weights, and a model on top.',
  steps: [
    {
      title: 'A uniform vote',
      setup: { data: XOR_BIG, preset: 'four', algorithm: 'xgboost', params: FOUR, rounds: 60 },
      panel: 'compare-panel',
      claim: 'Uniform blending gives every model the same say: G(x) is the mean of the gₜ(x), the notes\' fair and stable choice. ' +
        'For squared error the models\' mean error is their average\'s error plus their disagreement, so the average is never worse ' +
        'than the models on average; for log loss the same holds row by row (−ln of a mean is at most the mean of −ln).',
      question: {
        needsCompare: true,
        prompt: () => 'Side by side shows the four runs\' validation log loss and the uniform vote\'s. Which is lower: the uniform vote\'s ' +
          'log loss, or the mean of the four runs\' log losses?',
        choices: ['the uniform vote', 'the mean of the runs', 'they are equal'],
        answer: (c) => { const u = loglossOf(blendOf(c, 'uniform')?.metrics), l = runLosses(c), m = l.reduce((a, b) => a + b, 0) / l.length;
          return Math.abs(u - m) < 1e-12 ? 'they are equal' : u < m ? 'the uniform vote' : 'the mean of the runs'; },
        explain: (c) => { const l = runLosses(c); return `The runs: ${l.map((v) => fixed(v, 4)).join(', ')}, mean ${fixed(l.reduce((a, b) => a + b, 0) / l.length, 4)}; ` +
          `the uniform vote: ${fixed(loglossOf(blendOf(c, 'uniform')?.metrics), 4)}. But it is worse than the best run: the weak member still has a quarter of the say.`; },
      },
    },
    {
      title: 'Linear blending learns whom to trust',
      setup: { data: XOR_BIG, preset: 'four', algorithm: 'xgboost', params: FOUR, rounds: 60 },
      panel: 'compare-panel',
      claim: 'Linear blending treats each model\'s output as a feature and fits weights αₜ ≥ 0 (summing to 1 here, for probabilities) ' +
        'to minimise the loss. The fit must use rows none of the models trained on, or the model that memorised its training rows ' +
        'best would win: here the even-numbered validation rows, and every number is scored on the odd ones.',
      question: {
        needsCompare: true,
        prompt: () => 'Which run does linear blending give the largest weight?',
        choices: NAMES,
        answer: (c) => { const b = blendOf(c, 'linear'), runs = c.compare?.runs ?? [];
          if (!b || !runs.length) return '';
          const top = b.weights.indexOf(Math.max(...b.weights));
          return NAME_OF[runs[top]?.algorithm] ?? ''; },
        explain: (c) => { const b = blendOf(c, 'linear'), runs = c.compare?.runs ?? [];
          return `α = ${(b?.weights ?? []).map((w, i) => `${NAME_OF[runs[i]?.algorithm] ?? i} ${fixed(w, 3)}`).join(', ')}. AdaBoost\'s stumps, which ` +
            'cannot draw xor, get almost nothing.'; },
      },
    },
    {
      title: 'Stacking: a model on the models',
      setup: { data: XOR_BIG, preset: 'four', algorithm: 'xgboost', params: FOUR, rounds: 60 },
      panel: 'compare-panel',
      claim: 'Stacking lets the combination depend on what the models output: a learner (here a depth-2 booster) is trained on ' +
        'their outputs, on the same held-out rows as linear blending. It can trust one model where the outputs look one way and another ' +
        'where they look another, and, ' +
        'having more freedom, it can also overfit the few rows it is fit on.',
      question: {
        needsCompare: true,
        prompt: () => 'Is stacking\'s log loss lower than the best single run\'s here?',
        choices: ['yes', 'no'],
        answer: (c) => (loglossOf(blendOf(c, 'stacking')?.metrics) < Math.min(...runLosses(c)) ? 'yes' : 'no'),
        explain: (c) => `Stacking: ${fixed(loglossOf(blendOf(c, 'stacking')?.metrics), 4)}; the best run: ${fixed(Math.min(...runLosses(c)), 4)}.`,
      },
    },
  ],
  challenge: {
    goal: 'Find a number of rounds for the four algorithms on this xor data at which some blend (uniform, linear or stacking) has a ' +
      'lower validation log loss than every one of the four runs.',
    hint: 'Type the rounds in the Rounds field and press "Train the four algorithms" again. Blends gain most when the models make ' +
      'different mistakes: try fewer rounds.',
    met: (_run, source, compare) => !!compare && source === XOR_BIG && compare.runs.length === 4 &&
      Math.min(...compare.blends.map((b) => loglossOf(b.metrics)).filter(Number.isFinite)) < Math.min(...compare.runs.map((r) => loglossOf(r.metrics))),
  },
};

// The losses of the notes' figure against the margin, and a robust loss on regression with outliers (the notes'
// footnote on Huber): what each loss charges a confident mistake, how far one outlier moves a squared-error leaf,
// and pseudo-Huber's gradient, which stops growing past δ.
const OUTLIERS = 'toy:outliers:400:0.15:0';
// The training row of the worked table's page farthest from the model before the round (an outlier, here).
const farthest = (c: LessonContext): WorkedRow | undefined => c.detail?.rows.filter((r) => !r.valid && !r.left)
  .reduce<WorkedRow | undefined>((best, r) => (!best || Math.abs(r.y - r.before) > Math.abs(best.y - best.before) ? r : best), undefined);
const nameOf = (r: WorkedRow | undefined) => (r ? (r.line > 0 ? `line ${r.line}` : `row ${r.row + 1}`) : 'the first training row');
const leafOfRow = (c: LessonContext, r: WorkedRow | undefined) => c.detail?.leaves.find((l) => l.node === r?.leaf);
const signedLabel = (r: WorkedRow | undefined) => (r ? 2 * r.y - 1 : NaN);  // ỹ = ±1 of a class index 0 / 1
const marginOf = (r: WorkedRow | undefined) => signedLabel(r) * (r?.before ?? NaN);
const pseudoHuberGrad = (z: number, delta: number) => z / Math.sqrt(1 + (z / delta) ** 2);
const SQUARED = { max_depth: '2', eta: '0.5', rounds: '20' };
const PSEUDO_HUBER = { max_depth: '2', eta: '0.5', rounds: '20', objective: 'reg:pseudohubererror', huber_slope: '0.5' };

const LOSSES: Lesson = {
  id: 'losses',
  title: 'Losses: what a mistake costs',
  notes: 'the notes\' figure of two-class losses against the margin, and their remark that Huber\'s loss bears outliers better',
  summary: 'The classic losses at a row\'s margin ỹ·F, what each charges a confident mistake, how one outlier drags a squared-error leaf, and a loss whose gradient stops growing.',
  steps: [
    {
      title: 'Every loss is a function of the margin',
      own: ['binary'],
      setup: { data: CIRCLES, algorithm: 'xgboost', params: { max_depth: '2', eta: '0.3', rounds: '20' }, rounds: 3 },
      panel: 'round-panel',
      claim: 'With labels ỹ = ±1 and a score F, the margin m = ỹ·F is positive when F has the right sign, large when confidently ' +
        'right. The two-class losses are functions of m: misclassification [m < 0], exponential e^{−m}, binomial ' +
        'deviance ln(1 + e^{−m}) (the notes\' figure scales it otherwise: the loss figure\'s caption says how), squared (1 − m)², ' +
        'hinge max(0, 1 − m).',
      question: {
        hides: ['lossline'],
        needsDetail: true,
        prompt: (c) => `Before round 3 the row on ${nameOf(followed(c))} is of class ${followed(c)?.y ?? '?'} (ỹ = ${signedLabel(followed(c)) > 0 ? '+1' : '−1'}) ` +
          `with score F₂ = ${fixed(followed(c)?.before ?? NaN, 4)}. What is its binomial deviance ln(1 + e^{−m}), m = ỹ·F₂?`,
        answer: (c) => Math.log1p(Math.exp(-marginOf(followed(c)))),
        explain: (c) => { const m = marginOf(followed(c));
          return `m = ${fixed(m, 4)}, so ln(1 + e^{${fixed(-m, 4)}}) = ${fixed(Math.log1p(Math.exp(-m)), 4)}. At the same margin the exponential loss is ` +
            `${fixed(Math.exp(-m), 4)}, the hinge ${fixed(Math.max(0, 1 - m), 4)}, misclassification ${m < 0 ? 1 : 0}. The loss figure's point is this row; ` +
            `its tangent's slope is the engine's gradient times ỹ (g = ${fixed(followed(c)?.g ?? NaN, 4)}).`; },
      },
    },
    {
      title: 'A confident mistake',
      setup: { data: CIRCLES, algorithm: 'xgboost', params: { max_depth: '2', eta: '0.3', rounds: '20' }, rounds: 3 },
      panel: 'round-panel',
      claim: 'Where the losses differ most is far on the wrong side, m ≪ 0: a row the model is sure of and gets wrong, such as a ' +
        'mislabelled one. Misclassification charges it 1 however sure, the hinge and the deviance grow like |m|, and the exponential ' +
        'loss grows like e^{|m|}. AdaBoost\'s weights are exactly that exponential (normalised), so a few mislabelled rows can come ' +
        'to hold most of the weight.',
      question: {
        prompt: () => 'A row on the wrong side at margin m = −3: which of these losses charges it most?',
        choices: ['misclassification', 'hinge', 'binomial deviance', 'exponential'],
        answer: () => 'exponential',
        explain: () => `At m = −3: misclassification 1, binomial deviance ln(1 + e³) = ${fixed(Math.log1p(Math.exp(3)), 3)}, hinge 4, squared error ` +
          `(1 + 3)² = 16, exponential e³ = ${fixed(Math.exp(3), 3)}. At m = −6 the exponential charges ${fixed(Math.exp(6), 0)} against the deviance's ` +
          `${fixed(Math.log1p(Math.exp(6)), 3)}: why boosting with the deviance (log loss) bears label noise better than AdaBoost.`,
      },
    },
    {
      title: 'Squared error chases an outlier',
      own: ['regression'],
      setup: { data: OUTLIERS, algorithm: 'gbdt', params: SQUARED, rounds: 1 },
      panel: 'worked-table',
      claim: 'The wave again, with one row in ten thrown 3 to 5 off the curve. With squared error a row\'s pseudo-residual is its whole ' +
        'residual y − F, and a leaf takes the mean of its rows\' residuals: one row thrown 4 off, among n rows of the leaf, moves the ' +
        'leaf by 4/n on its own, and with it every other row of that leaf.',
      question: {
        hides: ['gbleaf', 'leafvalue', 'after'],
        needsDetail: true,
        prompt: (c) => { const r = farthest(c), l = leafOfRow(c, r);
          return `On the worked table's page, the row on ${nameOf(r)} is farthest from f₀: y = ${fixed(r?.y ?? NaN, 4)}, f₀ = ${fixed(r?.before ?? NaN, 4)}. Its leaf ` +
            `holds ${l?.rows ?? '?'} training rows. How much of the leaf's value γ (the mean of their residuals) is this one row's, r/n?`; },
        answer: (c) => { const r = farthest(c); return ((r?.y ?? NaN) - (r?.before ?? NaN)) / (leafOfRow(c, r)?.rows ?? NaN); },
        explain: (c) => { const r = farthest(c), l = leafOfRow(c, r), res = (r?.y ?? NaN) - (r?.before ?? NaN);
          return `r = ${fixed(res, 4)}, over ${l?.rows} rows: ${fixed(res / (l?.rows ?? NaN), 4)} of the leaf's γ = ${fixed(l?.step ?? NaN, 4)}, ` +
            `as much as ${fixed(res / (l?.step ?? NaN), 1)} rows at the leaf's mean residual. Every row of that leaf is moved by it, outlier or not; ` +
            'a deeper tree gives the outlier a smaller leaf, and moves that leaf further.'; },
      },
    },
    {
      title: 'Pseudo-Huber: a gradient that stops growing',
      own: ['regression'],
      setup: { data: OUTLIERS, algorithm: 'xgboost', params: PSEUDO_HUBER, rounds: 1 },
      panel: 'worked-table',
      claim: 'Huber\'s idea: be quadratic near the fit and linear far from it. XGBoost\'s smooth form, pseudo-Huber, is ' +
        'δ²(√(1 + (z/δ)²) − 1) with z = F − y, so its gradient g = z / √(1 + (z/δ)²) is about z for small residuals and never more ' +
        'than δ in size: an outlier pulls its leaf no harder than any row a little more than δ off. (Here δ = huber_slope = 0.5.) ' +
        'The leaf\'s Newton step −G/(H + λ) is another matter: h = (1 + (z/δ)²)^{−3/2} shrinks fast for rows far off, so a leaf of ' +
        'such rows divides a bounded G by a small H and can step far past them; the leaf table shows it.',
      question: {
        hides: ['grad', 'lossline'],
        needsDetail: true,
        prompt: (c) => { const r = farthest(c);
          return `The row on ${nameOf(r)} has y = ${fixed(r?.y ?? NaN, 4)} and F₀ = ${fixed(r?.before ?? NaN, 4)}, so z = F₀ − y = ` +
            `${fixed((r?.before ?? NaN) - (r?.y ?? NaN), 4)}. With δ = 0.5, what is its gradient g = z / √(1 + (z/δ)²)?`; },
        answer: (c) => { const r = farthest(c); return pseudoHuberGrad((r?.before ?? NaN) - (r?.y ?? NaN), 0.5); },
        explain: (c) => { const r = farthest(c), z = (r?.before ?? NaN) - (r?.y ?? NaN);
          return `g = ${fixed(z, 4)} / √(1 + (${fixed(z, 4)}/0.5)²) = ${fixed(pseudoHuberGrad(z, 0.5), 4)}; the engine's g: ${fixed(r?.g ?? NaN, 4)}. ` +
            `Squared error's would be z = ${fixed(z, 4)}, ${fixed(Math.abs(z / pseudoHuberGrad(z, 0.5)), 1)} times as strong.`; },
      },
    },
  ],
  challenge: {
    goal: 'On the wave with outliers, bring the validation MAE (the mean absolute error, which outliers move least) below 0.47 in at most ' +
      '30 rounds (squared error at the steps\' settings: 0.63 at round 20). Set eval_metric to mae under More parameters to see it.',
    hint: 'Which loss pulls a leaf least toward a row thrown far off? The objective menu has pseudo-Huber, Huber (gradient boosting) and the ' +
      'absolute error; δ (huber_slope) sets where pseudo-Huber turns linear.',
    met: (run, source) => !!run && source.startsWith('toy:outliers') && run.reports.length <= 30 && (run.reports.at(-1)?.valid?.mae ?? Infinity) < 0.47,
  },
};

export const LESSONS: readonly Lesson[] = [ADABOOST, ADABOOST_TREES, ADABOOST_DESCENT, GRADIENT_BOOSTING, GRADIENT_CLASSES, XGBOOST, LOSSES, FORESTS, BLENDING, RANKING];

export const lessonById = (id: string) => LESSONS.find((l) => l.id === id);

// The numbers a student may mean by what they typed: '1.5', '1,5', ' 0.33 ', '−2' (a typeset minus), '2/3',
// '½', and '34.4%' or '34.4 %' (the page writes shares so: 0.344, or 34.4 where the answer is in percent).
const FRACTIONS: Record<string, string> = { '½': '1/2', '⅓': '1/3', '⅔': '2/3', '¼': '1/4', '¾': '3/4' };
export function parseAnswer(text: string): number[] {
  let t = text.trim().replace(/\u2212/g, '-').replace(/[½⅓⅔¼¾]/g, (f) => FRACTIONS[f]);
  const percent = t.endsWith('%');
  if (percent) t = t.slice(0, -1).trim();
  t = t.replace(',', '.');
  const fraction = /^(-?\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/.exec(t);
  const x = fraction ? Number(fraction[1]) / Number(fraction[2]) : t === '' ? NaN : Number(t);
  return percent ? [x / 100, x] : [x];
}

// Right to 0.2 %, or the answer rounded to three significant digits, as the page prints most numbers;
// a question's own tolerance (a count's: exactly) replaces both. An absolute tolerance below 1 let 0.25
// pass for 0.2488 (h = p(1 − p) with p taken as ½, not the 0.5344 asked about).
export function isRight(q: Question, c: LessonContext, given: string) {
  const expected = q.answer(c);
  if (typeof expected === 'string') return given === expected;
  const read = parseAnswer(given).flatMap((x) => (q.share && x > 1 && x <= 100 ? [x, x / 100] : [x]));
  return read.some((x) => {
    if (!Number.isFinite(x) || !Number.isFinite(expected)) return false;
    if (q.tolerance !== undefined) return Math.abs(x - expected) <= q.tolerance * Math.abs(expected);
    if (expected === 0) return Math.abs(x) < 5e-4;
    return Math.abs(x - expected) <= 0.002 * Math.abs(expected) || x === Number(expected.toPrecision(3));
  });
}
