// The lessons' panel: on first open, where to start (the lessons, a live
// picture, your own data, ranking); during a lesson, its step: the claim, the
// panel that shows it (outlined and scrolled to), a question checked against
// the engine's numbers, and the lesson's challenge. Renders from the store;
// the step's DOM is made once per step, so typing an answer survives renders.
import { currentRun, store, update, type DataChoice, type Run } from '../state';
import type { ColumnSummary } from '../../../wasm/js/index.js';
import { download, mathText, scrollBehavior, setHidden, setMathText, setText } from '../ui/dom';
import { taskOf } from '../ui/csv-panel';
import { isRight, lessonById, LESSONS, parseAnswer, type Lesson, type LessonContext, type OwnTask } from './catalog';
import { progressOf, saveProgress, shownOnly } from './progress';
import type { CompareReply } from '../worker/messages';
import { PRESET_LABELS, type PresetName } from '../presets';
import { LandingPicture } from './landing-picture';

export interface LessonActions {
  // Sets the step up (main.ts does the loading and training); own: on the student's loaded file, not the step's data.
  open: (id: string, step: number, own?: boolean) => void;
  leave: () => void;
  watch: () => void;        // toy data training on the page, as the landing's picture shows it
  demo: () => void;         // asks the worker for the landing picture's rounds (onDemo)
  ranking: () => void;      // the ranking sample (GBRank, LambdaMART)
  ownData: () => void;      // the file picker
  ownFile: () => OwnFile | null;  // the student's newest file and the choices made on it
}

export interface OwnFile { name: string; columns: ColumnSummary[]; choice: DataChoice }

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
// An element with a class, an id and its children (other properties set where it is made).
function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: { className?: string; id?: string; type?: string } = {}, ...children: (Node | string)[]) {
  const e = document.createElement(tag);
  if (props.className) e.className = props.className;
  if (props.id) e.id = props.id;
  if (props.type) e.setAttribute('type', props.type);
  e.append(...children);
  return e;
}

// What a step's question reads: the run it set up, its reports, and the round panel's detail of
// the step's last round (the worker sends it when the run pauses or ends).
export function lessonContext(run: Run | undefined, round: number): LessonContext {
  const d = store.roundDetail;
  return { run, report: (r) => run?.reports[r - 1], detail: d && run && d.token === run.token && d.detail.round === round ? d.detail : undefined,
    compare: comparisonOf(run) };
}

// The comparison of the preset group `run` belongs to, once the worker sent it (every run of the group in it).
function comparisonOf(run: Run | undefined): CompareReply | undefined {
  const c = store.compare;
  if (!run || !run.group || !c) return undefined;
  const group = store.runs.filter((r) => r.group === run.group).map((r) => r.token);
  return group.length === c.tokens.length && group.every((t) => c.tokens.includes(t)) && !c.reply.error ? c.reply : undefined;
}

export class LessonPanel {
  private readonly root = $('lesson-panel');
  private readonly picture = new LandingPicture();
  private built = '';  // what the panel's DOM was made for: 'landing', '<id>:<step>' or ''
  private ownKey = '';  // the data and target the own-file offer was made for
  private parts: { prompt: HTMLElement; input: HTMLInputElement | null; choices: HTMLButtonElement[]; check: HTMLButtonElement;
    show: HTMLButtonElement; verdict: HTMLElement; explain: HTMLElement; challenge: HTMLElement; status: HTMLElement;
    prev: HTMLButtonElement; next: HTMLButtonElement; look: HTMLButtonElement; own: HTMLElement } | null = null;

  constructor(private readonly actions: LessonActions) {
    // The list takes the panel's place at the top of the column: brought into view, not left above a scrolled sidebar.
    $('lessons-open').addEventListener('click', () => {
      update((s) => { s.lesson = null; s.landing = true; });
      requestAnimationFrame(() => this.root.scrollIntoView({ block: 'start' }));
    });
    // The step's card from wherever the student went (the challenge's parameters are some 2,000 px below it on a phone):
    // in the bar on a wide screen, floating at the corner on a phone.
    $('lesson-return').addEventListener('click', () => {
      const title = document.getElementById('lesson-title');
      title?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
      // The focus with it (keyboards), on the title: the answer box would raise a phone's keyboard over the step.
      if (title) { title.tabIndex = -1; title.focus({ preventScroll: true }); }
    });
    // A phone shows it (style.css) only while the card is out of view.
    new IntersectionObserver(([e]) => $('lesson-return').classList.toggle('away', !e.isIntersecting)).observe(this.root);
  }

  render() {
    const l = store.lesson;
    const lesson = l ? lessonById(l.id) : undefined;
    setHidden(this.root, !lesson && !store.landing);
    setHidden($('lesson-return'), !lesson);
    document.querySelectorAll('.lesson-focus').forEach((e) => { if (!lesson || e.id !== lesson.steps[l!.step].panel) e.classList.remove('lesson-focus'); });
    // During a lesson a phone shows its numbers right under the card (style.css): data and parameters go last.
    document.body.dataset.lesson = lesson ? lesson.id : '';
    if (!lesson) {
      document.body.dataset.lessonHide = '';
      if (store.landing && this.built !== 'landing') this.buildLanding();
      if (store.landing) this.renderLanding();
      return;
    }
    // Only a run on the data loaded now: while a step loads its own data, the run before (on other data) is still on show.
    const run = currentRun() ?? undefined;
    LessonPanel.noteChallenge(run && run.dataId === store.data?.id ? run : undefined, store.data?.source ?? '');
    const key = `${lesson.id}:${l!.step}`;
    if (this.built !== key) {
      this.buildStep(lesson, l!.step);
      // A new step opens at its title: the page (a phone's) or the sidebar stayed where the last step's buttons or the
      // lesson list were, past the new step's title and claim.
      requestAnimationFrame(() => {
        const title = document.getElementById('lesson-title'), bar = document.querySelector('.control-bar');
        if (title && title.getBoundingClientRect().top < (bar?.getBoundingClientRect().bottom ?? 0)) title.scrollIntoView({ block: 'nearest' });
      });
    }
    this.renderStep(lesson);
  }

  // ---- first open --------------------------------------------------------

  private buildLanding() {
    this.built = 'landing';
    this.parts = null;
    const list = el('ol', { className: 'lesson-list' });
    for (const lesson of LESSONS) {
      const button = el('button', { type: 'button', className: 'lesson-start' }, lesson.title);
      button.dataset.lesson = lesson.id;
      button.addEventListener('click', () => this.actions.open(lesson.id, 0));
      list.append(el('li', {}, button, ' ', el('span', { className: 'hint lesson-progress' }), el('p', { className: 'hint' }, lesson.summary)));
    }
    const action = (text: string, fn: () => void, id: string) => {
      const b = el('button', { type: 'button', className: 'secondary', id }, text);
      b.addEventListener('click', fn);
      return b;
    };
    this.root.replaceChildren(
      el('h2', { id: 'lesson-title' }, 'Where to start'),
      this.picture.figure,
      el('p', {}, 'BoostLab trains boosting models in this tab and shows every round: the weights, residuals, gains and votes ' +
        'the lecture notes talk about, with the numbers filled in. Walk a lesson, or explore:'),
      list,
      el('p', { className: 'landing-actions' },
        action('Watch boosting draw a boundary', () => this.actions.watch(), 'landing-watch'),
        action('Use your own data (CSV)', () => this.actions.ownData(), 'landing-own'),
        action('Explore the ranking sample', () => this.actions.ranking(), 'landing-ranking'),
        action('Explore on my own', () => update((s) => { s.landing = false; }), 'landing-close'),
        action('Download my progress (CSV)', () => download('boostlab-progress.csv', progressCsv(), 'text/csv'), 'landing-progress')),
      el('p', { className: 'hint' }, 'Every algorithm is in the menu beside Play: XGBoost-style boosting, gradient boosting, AdaBoost, ' +
        'random forests, and GBRank once the data has a query column (the ranking sample has one).'),
    );
  }

  // The landing picture's rounds, from the worker.
  onDemo(frames: Float32Array, error: string) {
    this.picture.show(frames, error);
  }

  private renderLanding() {
    if (!this.picture.asked && store.engine.ready) {
      this.picture.asked = true;
      this.actions.demo();
    }
    for (const item of this.root.querySelectorAll<HTMLElement>('.lesson-list li')) {
      const id = item.querySelector<HTMLElement>('.lesson-start')!.dataset.lesson!;
      const lesson = lessonById(id)!, p = progressOf(id);
      const shown = shownOnly(p).length;
      setText(item.querySelector('.lesson-progress')!, p.steps.length || p.challenge || shown
        ? `${p.steps.length} of ${lesson.steps.length} steps${shown ? ` (${shown} more shown)` : ''}${p.challenge ? ', challenge met' : ''}` : '');
    }
  }

  // ---- a lesson's step ---------------------------------------------------

  private buildStep(lesson: Lesson, index: number) {
    this.built = `${lesson.id}:${index}`;
    const step = lesson.steps[index];
    const q = step.question;
    const prompt = el('p', { className: 'lesson-prompt', id: 'lesson-prompt' });
    // Read to three significant digits (catalog.ts isRight): a reviewer's 0.51 for 0.508 was refused with no word why.
    const input = q.choices ? null : el('input', { type: 'text', id: 'lesson-answer' });
    input?.setAttribute('placeholder', '3 significant digits');
    input?.setAttribute('inputmode', 'decimal');
    input?.setAttribute('autocomplete', 'off');
    input?.setAttribute('aria-labelledby', 'lesson-prompt');
    const choices = (q.choices ?? []).map((c) => {
      const b = el('button', { type: 'button', className: 'secondary lesson-choice' }, c);
      b.addEventListener('click', () => this.check(c));
      return b;
    });
    const check = el('button', { type: 'button', id: 'lesson-check' }, 'Check');
    check.addEventListener('click', () => this.check(input?.value ?? ''));
    input?.addEventListener('keydown', (e) => { if (e.key === 'Enter') this.check(input.value); });
    const show = el('button', { type: 'button', className: 'secondary', id: 'lesson-show' }, 'Show the answer');
    // A step whose answer was shown is not counted as found later (Show, Next, Previous, then typing the answer in).
    show.addEventListener('click', () => {
      const l = store.lesson;
      if (l && l.verdict !== 'right') saveProgress(l.id, (p) => p.shown.push(l.step));
      update((s) => { if (s.lesson) s.lesson.shown = true; });
    });
    const prev = el('button', { type: 'button', className: 'secondary', id: 'lesson-prev' }, 'Previous step');
    // The next and previous steps stay on the student's file where they can.
    const onOwn = (i: number) => !!store.lesson?.own && ownTaskFits(lesson.steps[i], this.actions.ownFile()) === '';
    prev.addEventListener('click', () => this.actions.open(lesson.id, index - 1, onOwn(index - 1)));
    const next = el('button', { type: 'button', id: 'lesson-next' }, index + 1 < lesson.steps.length ? 'Next step' : 'To the challenge');
    // The next step opens at its title (render).
    next.addEventListener('click', () => {
      if (index + 1 >= lesson.steps.length) return this.toChallenge();
      this.actions.open(lesson.id, index + 1, onOwn(index + 1));
    });
    const own = el('p', { className: 'hint lesson-own', id: 'lesson-own' });
    const leave = el('button', { type: 'button', className: 'secondary', id: 'lesson-leave' }, 'Leave the lesson');
    leave.addEventListener('click', () => this.actions.leave());
    // For a teacher: the address holds the lesson, the step, its data and settings (url-state.ts); opened, it sets the step up.
    const link = el('button', { type: 'button', className: 'secondary', id: 'lesson-link' }, 'Copy a link to this step');
    const linkSaid = el('span', { className: 'hint', id: 'lesson-link-said' });
    linkSaid.setAttribute('aria-live', 'polite');
    link.addEventListener('click', async () => {
      const href = location.href;
      try {
        await navigator.clipboard.writeText(href);
        linkSaid.textContent = ' Copied: whoever opens it gets this step, its data and its settings.';
      } catch {
        linkSaid.textContent = ` Copy this address: ${href}`;
      }
    });
    const verdict = el('p', { className: 'lesson-verdict', id: 'lesson-verdict' });
    verdict.setAttribute('aria-live', 'polite');
    const explain = el('p', { className: 'lesson-explain', id: 'lesson-explain' });
    const status = el('p', { className: 'hint', id: 'lesson-status' });
    const look = el('button', { type: 'button', className: 'secondary', id: 'lesson-look' }, 'Where to look');
    // A panel taller than the screen shows its top, where its first numbers are (centred, they were above the view).
    // The worked table's questions are about a row of its page, named in the prompt by its line (else the
    // first training row): that row is brought to the middle of the screen and marked (the table's top left it
    // below a phone's fold).
    look.addEventListener('click', () => {
      const panel = document.getElementById(step.panel);
      const named = /\bon (?:line|row) (\d+)/.exec(prompt.textContent ?? '')?.[1];
      const rows = step.panel === 'worked-table' ? Array.from(panel?.querySelectorAll<HTMLTableRowElement>('tbody tr') ?? []) : [];
      const row = rows.find((tr) => named !== undefined && tr.cells[0]?.textContent === named) ?? rows.find((tr) => !tr.classList.contains('valid')) ?? null;
      document.querySelectorAll('.lesson-row').forEach((r) => r.classList.remove('lesson-row'));
      row?.classList.add('lesson-row');
      // The row's cell the question is about, blurred until answered (h, g): brought into view across too, as the
      // table scrolls sideways on a phone (its row in view, the asked column was past the screen's right edge).
      const asked = row ? Array.from(row.cells).find((td) => getComputedStyle(td).filter !== 'none') : undefined;
      const target = asked ?? row ?? panel;
      target?.scrollIntoView({ block: !row && target.getBoundingClientRect().height > innerHeight * 0.8 ? 'start' : 'center', inline: 'center',
        behavior: scrollBehavior() });
    });
    const challenge = el('div', { className: 'lesson-challenge', id: 'lesson-challenge' });
    challenge.tabIndex = -1;  // "To the challenge" moves the focus here
    // The challenge's parameters are in the Parameters panel, on a phone far below and on a desktop off screen.
    const toParams = el('button', { type: 'button', className: 'secondary', id: 'lesson-params' }, 'To the parameters');
    toParams.addEventListener('click', () => {
      const panel = document.getElementById('params-panel');
      panel?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
      panel?.querySelector<HTMLElement>('input, select')?.focus({ preventScroll: true });
    });
    challenge.append(el('h3', {}, 'Challenge'), el('p', {}, lesson.challenge.goal), el('p', { id: 'lesson-challenge-status' }), toParams);
    this.root.replaceChildren(
      el('h2', { id: 'lesson-title' }, `${lesson.title}: step ${index + 1} of ${lesson.steps.length}`),
      el('h3', {}, step.title),
      el('p', { className: 'lesson-claim' }, mathText(step.claim)),
      el('p', { className: 'hint' }, `Following ${lesson.notes}.`),
      status,
      el('div', { className: 'lesson-question' }, prompt, ...(input ? [input, check] : choices), show, look),
      ...(step.question.hides?.length ? [el('p', { className: 'hint', id: 'lesson-hides' }, 'The page\'s numbers that would give the answer away are blurred until you answer (or show it).')] : []),
      own,  // after the question: on a phone the question stays on the first screen
      verdict, explain, challenge,
      el('p', { className: 'lesson-nav' }, prev, next, leave),
      el('p', { className: 'lesson-share' }, link, linkSaid),
    );
    prev.disabled = index === 0;
    this.parts = { prompt, input, choices, check, show, verdict, explain, challenge, status, prev, next, look, own };
    this.ownKey = '';
  }

  private renderStep(lesson: Lesson) {
    const l = store.lesson!, step = lesson.steps[l.step], parts = this.parts!;
    const run = store.runs.find((r) => r.token === l.run);
    const ctx = lessonContext(run, step.setup.rounds);
    const ready = l.ready && !!run && (!step.question.needsDetail || !!ctx.detail) && (!step.question.needsCompare || !!ctx.compare);
    const f = this.actions.ownFile();
    const ownKey = `${f?.name}|${f?.choice.target}|${f?.choice.task}|${f?.choice.group}|${l.own}`;
    if (ownKey !== this.ownKey) {
      this.ownKey = ownKey;
      this.renderOwn(lesson, l.step);
    }
    const setup = l.own ? { ...step.setup, data: l.own } : step.setup;
    // After the student's own runs (the challenge's), the line says what the step set up, not what is on show.
    const since = ready && currentRun() && currentRun()!.token !== l.run ? ' The run on show since is yours; Previous and Next set the steps up again.' : '';
    // Set up, but the round on show is another (Step or Continue trained on, or another round was picked): the
    // question waits for the step's round, and says how to bring it back (it sat at "comes once trained" for good).
    const elsewhere = l.ready && !!run && !ready && step.question.needsDetail === true && run.reports.length >= step.setup.rounds;
    setText(parts.status, ready || elsewhere ? `Set up: ${describe(setup, run?.reports.length)}.${since}` : `Setting the page up: ${describe(setup)}…`);
    if (elsewhere) {
      const text = `The question is about round ${step.setup.rounds}'s numbers; the page now shows round ` +
        `${store.selectedRound || run.reports.length} (the run went on, or another round was picked). `;
      if (parts.prompt.dataset.math !== text) {  // (rebuilt only when it changes: a click must find its button)
        const back = document.createElement('button');
        Object.assign(back, { type: 'button', className: 'secondary', id: 'lesson-back-round', textContent: `Back to round ${step.setup.rounds}` });
        back.addEventListener('click', () => update((s) => { s.selectedRound = step.setup.rounds; }));
        parts.prompt.dataset.math = text;
        parts.prompt.replaceChildren(text, back);
      }
    } else setMathText(parts.prompt, ready ? step.question.prompt(ctx) : 'The question comes once the round is trained.');
    const answered = l.verdict === 'right' || l.shown;
    // The numbers that are the answer, blurred while the question is open (style.css).
    document.body.dataset.lessonHide = ready && !answered ? (step.question.hides ?? []).join(' ') : '';
    parts.check.disabled = !ready || answered;
    for (const b of parts.choices) b.disabled = !ready || answered || l.tried.includes(b.textContent ?? '');
    if (parts.input) parts.input.disabled = !ready || answered;
    parts.show.disabled = !ready || answered;
    // An answer that is no number (e^0.1257) is told so, not that its number is wrong.
    const unread = l.verdict === 'wrong' && !step.question.choices && !parseAnswer(l.answer).some(Number.isFinite);
    // Eliminated (every choice but one picked wrong), not shown by the button with two or more left.
    const left = l.verdict === 'wrong' && l.shown && !!step.question.choices && l.tried.length >= step.question.choices.length - 1;
    setText(parts.verdict, l.verdict === 'right' ? 'Right.' : left ? `Not quite (${l.answer}). That leaves one choice, the answer below: the step counts as shown, not found.` : unread ? `${l.answer ? `"${l.answer}" is` : 'That is'} not a number this box reads: type one such as 1.134, −0.5, 2/3 or 34.4 %.`
      : l.verdict === 'wrong' ? `Not quite${l.answer ? ` (${l.answer})` : ''}: try again, or show the answer.` : '');
    parts.verdict.dataset.verdict = l.verdict;
    const expected = ready ? step.question.answer(ctx) : NaN;
    setMathText(parts.explain, answered && ready
      ? `${l.shown && l.verdict !== 'right' ? `The answer: ${typeof expected !== 'number' ? expected : step.question.tolerance === 0 || Number.isInteger(expected) ? String(expected) : expected.toFixed(4)}. ` : ''}${step.question.explain(ctx)}` : '');
    // The challenge: shown on the last step, checked on every run on the page.
    const last = l.step === lesson.steps.length - 1;
    setHidden(parts.challenge, !last);
    if (last) {
      const met = progressOf(lesson.id).challenge;
      // Met once stays met (progress), but the run on show is judged too: a reviewer's later runs that missed read "Met".
      const run = currentRun() ?? undefined;
      const now = !!run && run.status !== 'training' && run.dataId === store.data?.id && lesson.challenge.met(run, store.data?.source ?? '', comparisonOf(run));
      const status = parts.challenge.querySelector<HTMLElement>('#lesson-challenge-status')!;
      status.className = met ? 'lesson-met' : 'hint';
      setText(status, !met ? `Not yet. Hint: ${lesson.challenge.hint}` : now || !run ? 'Met: well done.'
        : 'Met by an earlier run: well done. The run on show does not meet it.');
    }
    // The panel the step is about: outlined; "Where to look" brings it into view (the lesson's
    // card stays where it is: on a phone the panel and the question do not fit one screen).
    document.getElementById(step.panel)?.classList.add('lesson-focus');
    parts.look.disabled = !ready;
  }

  // Whether the student can do this step on their own file: an offer, why not, or a way back.
  private renderOwn(lesson: Lesson, index: number) {
    const step = lesson.steps[index], own = this.parts!.own, l = store.lesson!;
    const button = (text: string, fn: () => void) => {
      const b = el('button', { type: 'button', className: 'link', id: 'lesson-own-switch' }, text);
      b.addEventListener('click', fn);
      return b;
    };
    const ownFile = this.actions.ownFile(), file = ownFile?.name ?? '';
    const why = ownTaskFits(step, ownFile);
    if (l.own) {
      own.replaceChildren(`On your file ${file}: the numbers are your data's; what the claim says of the step's own data may not hold. `,
        button('Back to the step\'s data', () => this.actions.open(lesson.id, index, false)));
    } else if (!step.own) {
      own.replaceChildren();
    } else if (file && !why) {
      own.replaceChildren('This step\'s question holds on any data like yours. ', button(`Do it on ${file}`, () => this.actions.open(lesson.id, index, true)));
    } else {
      own.replaceChildren(file ? `This step works on a file of your own, but ${why}.`
        : `This step also works on a CSV of your own whose target is ${step.own.map((t) => OWN_TASK_NAMES[t]).join(' or ')}: open one (Data panel), then come back.`);
    }
    setHidden(own, own.childNodes.length === 0);
  }

  private check(given: string) {
    const l = store.lesson, lesson = l ? lessonById(l.id) : undefined;
    if (!l || !lesson || !l.ready) return;
    const step = lesson.steps[l.step];
    const ctx = lessonContext(store.runs.find((r) => r.token === l.run), step.setup.rounds);
    if ((step.question.needsDetail && !ctx.detail) || (step.question.needsCompare && !ctx.compare)) return;
    const right = isRight(step.question, ctx, given.trim()), choices = step.question.choices;
    const tried = choices && !right ? [...new Set([...l.tried, given.trim()])] : l.tried;
    // Every choice but one picked wrong: the one left is the answer by elimination (with two, after one pick), not a finding.
    const eliminated = !!choices && !right && tried.length >= choices.length - 1;
    const before = progressOf(lesson.id);
    // A wrong answer is kept for the teacher (the progress file): a step found after one was not found at the first try.
    // (Not a reading error: "e^0.1" is no answer, and once found a step stays found.)
    const missed = !right && !before.steps.includes(l.step) && (!!choices || parseAnswer(given).some(Number.isFinite));
    if (missed) saveProgress(lesson.id, (p) => { p.missed.push(l.step); if (eliminated) p.shown.push(l.step); });
    if (right && !before.shown.includes(l.step)) saveProgress(lesson.id, (p) => p.steps.push(l.step));
    update((s) => {
      if (!s.lesson) return;
      s.lesson.answer = given.trim();
      s.lesson.verdict = right ? 'right' : 'wrong';
      s.lesson.tried = tried;
      if (eliminated) s.lesson.shown = true;
    });
    // The verdict and its explanation in view: below a long step they fell past the sidebar's or the phone's edge.
    requestAnimationFrame(() => {
      const verdict = this.parts?.verdict;
      if (!verdict) return;
      const box = verdict.getBoundingClientRect(), column = verdict.closest('.sidebar')?.getBoundingClientRect();
      const bottom = Math.min(window.innerHeight, column?.bottom ?? Infinity);
      if (box.bottom > bottom || box.top < 0) verdict.scrollIntoView({ block: 'center' });
    });
  }

  // Brought into view and lit for a moment: often it is in view already, and the click seemed to do nothing.
  private toChallenge() {
    const challenge = this.parts?.challenge;
    challenge?.scrollIntoView({ block: 'nearest' });
    challenge?.focus({ preventScroll: true });
    challenge?.classList.remove('lesson-flash');
    void challenge?.offsetWidth;  // restarts the animation
    challenge?.classList.add('lesson-flash');
    update((s) => { s.landing = false; });
  }

  // Called on every render by main.ts: a run that meets the challenge marks it met.
  static noteChallenge(run: Run | undefined, dataSource: string) {
    const l = store.lesson, lesson = l ? lessonById(l.id) : undefined;
    if (!lesson || !run || run.status === 'training' || progressOf(lesson.id).challenge) return;
    if (lesson.challenge.met(run, dataSource, comparisonOf(run))) saveProgress(lesson.id, (p) => { p.challenge = true; });
  }
}

// The lessons' progress kept in this browser as a file a student can hand in: a line a lesson, the steps found (1-based,
// as the page numbers them), those of them found after a wrong answer, those whose answer was shown first, and the challenge.
function progressCsv(): string {
  const lines = ['lesson,title,steps,found,found_steps,found_after_a_wrong_answer,shown_steps,challenge_met'];
  for (const lesson of LESSONS) {
    const p = progressOf(lesson.id);
    const shown = shownOnly(p);
    const list = (v: number[]) => v.map((n) => n + 1).join(' ');
    const late = p.steps.filter((n) => p.missed.includes(n));
    lines.push([lesson.id, `"${lesson.title.replace(/"/g, '""')}"`, lesson.steps.length, p.steps.length, list(p.steps), list(late), list(shown), p.challenge ? 'yes' : 'no'].join(','));
  }
  return lines.join('\n') + '\n';
}

const OWN_TASK_NAMES: Record<OwnTask, string> = { binary: 'two classes', multiclass: 'three classes or more', regression: 'a number' };

// '' when the student's file's target suits the step, else why not (in words).
function ownTaskFits(step: { own?: OwnTask[] }, f: OwnFile | null): string {
  if (!step.own || !f) return 'it needs a file of your own';
  const target = f.columns.find((c) => c.name === f.choice.target);
  if (!target || f.choice.group) return 'it is not for ranking data';
  const task = taskOf(f.columns, f.choice);
  if (step.own.includes(task as OwnTask)) return '';
  return `it needs a target of ${step.own.map((t) => OWN_TASK_NAMES[t]).join(' or ')}, and ${f.name}'s, '${target.name}', ${task ? `is ${OWN_TASK_NAMES[task as OwnTask] ?? task}` : 'cannot be trained on'}`;
}

// trained: the rounds the step's run has (fewer than asked when the engine ended it early).
function describe(s: { data: string; preset?: PresetName; algorithm: string; params: Record<string, string>; rounds: number }, trained = s.rounds) {
  const data = s.data.startsWith('toy:') ? `toy ${s.data.split(':')[1]} data`
    : s.data.startsWith('file:') ? `your file ${s.data.slice(5)}` : s.data.replace(/^sample:/, '') + ' (sample)';
  if (s.preset) return `${data}, ${PRESET_LABELS[s.preset]}, ${s.rounds} rounds each`;
  const params = Object.entries(s.params).filter(([k]) => k !== 'rounds').map(([k, v]) => `${k} ${v}`).join(', ');
  const rounds = trained < s.rounds ? `${s.rounds} rounds asked, ${trained} trained` : `${s.rounds} round${s.rounds === 1 ? '' : 's'} trained`;
  return `${data}, ${s.algorithm}${params ? ` (${params})` : ''}, ${rounds}`;
}
