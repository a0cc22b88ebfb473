// The lessons as a student walks them: the first screen offers them; each step
// sets the page up by itself, the student reads the engine's numbers where the
// step points (the line above the chart), works the answer out as the notes say,
// and the page checks it; the challenge is met by changing what the notes
// suggest; progress survives a reload; a lesson's link opens its step.
// Screenshots at 1280x800, 390x844 and 853x533 at 1.5x are left in test-results/.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { download, openSite, setParam, train } from './browser.mjs';

// A number as the lessons write it (a true minus sign).
const num = (s) => Number(String(s).replace('−', '-'));

let site;
before(async () => { site = await openSite(); });
after(async () => {
  assert.deepEqual(site.problems, []);
  await site.close();
});

// The round line's numbers, as a student reads them off the page.
async function roundLine(page) {
  const text = await page.textContent('#last-round');
  const number = (name) => num(new RegExp(`${name} ([-−]?[\\d.]+(?:e-?\\d+)?)`).exec(text)?.[1]);
  return { text, round: Number(/^Round (\d+)/.exec(text)?.[1]), epsilon: number('ε'), alpha: number('α'), validError: number('valid error') };
}
const ready = (page) => page.waitForFunction(() => {
  const check = document.getElementById('lesson-check') ?? document.querySelector('.lesson-choice');
  return check && !check.disabled;
});
async function answer(page, text) {
  await page.fill('#lesson-answer', text);
  await page.click('#lesson-check');
  return page.getAttribute('#lesson-verdict', 'data-verdict');
}

test('AdaBoost, one stump at a time: every step checked against the engine\'s numbers, then the challenge', async () => {
  const { page } = site;
  // First open: where to start.
  await page.waitForSelector('#lesson-panel:not([hidden]) .lesson-start');
  assert.match(await page.textContent('#lesson-panel'), /Where to start.*AdaBoost, one stump at a time.*Ranking: GBRank and LambdaMART/s);
  // The live picture: boosting drawing the circles' boundary round by round, trained beside the page's own data.
  const round = () => page.$eval('.landing-picture canvas', (c) => Number(c.dataset.round ?? 0));
  await page.waitForFunction(() => Number(document.querySelector('.landing-picture canvas')?.dataset.round ?? 0) > 0);
  const first = await round();
  await page.waitForFunction((r) => Number(document.querySelector('.landing-picture canvas').dataset.round) !== r, first);
  assert.match(await page.textContent('#data-name'), /auto_mpg/, 'the page\'s own data is untouched');
  assert.doesNotMatch(await page.textContent('#train-status'), /Run \d/, 'and no run of the page\'s was made');
  await site.screenshot('lessons-landing-1280x800');
  await page.click('.lesson-start[data-lesson="adaboost-stumps"]');

  // Step 1: ◆ from ε.
  await ready(page);
  let line = await roundLine(page);
  assert.equal(line.round, 1, line.text);
  assert.match(await page.textContent('#lesson-title'), /step 1 of 6/);
  assert.ok(await page.$eval('#last-round', (e) => e.classList.contains('lesson-focus')), 'the step points at the round line');
  const diamond = Math.sqrt((1 - line.epsilon) / line.epsilon);
  // The panel's ◆ is the answer itself: blurred while the question is open.
  const blurred = () => page.$eval('#round-panel .formula[data-diamond] .formula-value', (e) => getComputedStyle(e).filter);
  assert.match(await blurred(), /blur/);
  assert.equal(await answer(page, 'e^0.1257'), 'wrong');
  assert.match(await page.textContent('#lesson-verdict'), /"e\^0\.1257" is not a number this box reads/, 'a format, not a wrong number');
  assert.equal(await answer(page, '2.5'), 'wrong');
  assert.match(await page.textContent('#lesson-verdict'), /^Not quite \(2\.5\)/);
  assert.match(await blurred(), /blur/, 'still, after a wrong answer');
  assert.equal(await answer(page, diamond.toFixed(3).replace('.', ',')), 'right', 'a decimal comma is read too');
  assert.match(await page.textContent('#lesson-explain'), /◆₁ = √/);
  assert.equal(await blurred(), 'none', 'answered: the number shows');
  await site.screenshot('lessons-step1-1280x800');

  // Step 2: a wrong row against a right one, ◆² (the picture at round 2, whose weights they are).
  await page.click('#lesson-next');
  await ready(page);
  assert.equal((await roundLine(page)).round, 2);
  // α₁ is step 4's answer: round 2's own α and the worked table's F before round 2 (±α₁) are blurred here too.
  const filterOf = (where) => page.$eval(where, (e) => getComputedStyle(e).filter);
  assert.match(await filterOf('#last-round .round-alpha'), /blur/);
  if (await page.$('#worked-table td[data-col="before"]')) assert.match(await filterOf('#worked-table td[data-col="before"]'), /blur/);
  assert.equal(await answer(page, (diamond ** 2).toFixed(3)), 'right');
  assert.match(await page.textContent('#lesson-explain'), /normalised/);

  // Step 3: round 2 trained; the weight on the old stump's mistakes after the update, ε₁·◆₁, is what its right rows hold.
  const eps1 = line.epsilon;
  await page.click('#lesson-next');
  await ready(page);
  line = await roundLine(page);
  assert.equal(line.round, 2, line.text);
  assert.equal(await answer(page, '½'), 'wrong', 'the share is not the weight');
  assert.equal(await answer(page, (eps1 * diamond).toFixed(4)), 'right');
  assert.match(await page.textContent('#lesson-explain'), /exactly ½, a coin toss/);
  const said = Number(/ε₂ = (\d+\.\d+)/.exec(await page.textContent('#lesson-explain'))?.[1]);
  assert.ok(Math.abs(said - line.epsilon) < 1e-4, `the explanation's ε₂ ${said} is the round line's ${line.epsilon}`);

  // Step 4: the notes' vote ln◆, which the engine applied (vote freund_schapire).
  await page.click('#lesson-next');
  await ready(page);
  line = await roundLine(page);
  assert.equal(line.round, 1, 'the step trains its own round 1 again');
  const vote = Math.log(Math.sqrt((1 - line.epsilon) / line.epsilon));
  assert.ok(Math.abs(line.alpha - vote) < 0.001, `the page's α ${line.alpha} is ln◆ = ${vote}`);
  // Wherever else the page shows α while the question is open, it is blurred too: the worked table's leaf values (±α).
  const leafValueBlur = () => page.$eval('#worked-table td[data-col="leaf-value"]', (e) => getComputedStyle(e).filter);
  const treeLeafBlur = () => page.$eval('#tree .tree-leaf text.leaf-value', (e) => `${getComputedStyle(e).filter} ${e.textContent}`);
  assert.match(await leafValueBlur(), /blur/);
  assert.match(await treeLeafBlur(), /^blur.* leaf -?\d/, "and the tree's leaves");
  // F₁ = ±α after one round, and E_ADA's caption names its bottom, α.
  for (const where of ['#worked-table td[data-col="after"]', '#round-inspector figure.eada figcaption'])
    assert.match(await page.$eval(where, (e) => getComputedStyle(e).filter), /blur/, where);
  await page.click('#lesson-show');
  assert.equal(await leafValueBlur(), 'none');
  assert.match(await treeLeafBlur(), /^none leaf/);
  assert.match(await page.textContent('#lesson-explain'), /The answer: .*the α the round line shows/s);
  assert.ok(await page.$eval('#lesson-answer', (e) => e.disabled), 'shown: nothing left to check');
  // Shown, then away and back: the step asks again, and the shown answer typed in is right but not counted as found.
  const shownAnswer = /The answer: ([-−]?[\d.]+)\./.exec(await page.textContent('#lesson-explain'))[1];
  const shownStep = Number(/step (\d+) of/.exec(await page.textContent('#lesson-title'))[1]) - 1;
  await page.click('#lesson-next');
  await page.click('#lesson-prev');
  await page.waitForFunction(() => !document.getElementById('lesson-answer')?.disabled && !document.getElementById('lesson-check')?.disabled);
  assert.equal(await answer(page, shownAnswer), 'right');
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('boostlab-lessons'))['adaboost-stumps']);
  assert.ok(!kept.steps.includes(shownStep) && kept.shown.includes(shownStep), JSON.stringify(kept));

  // Step 5: scikit-learn's SAMME on the same stump: ε the same, the vote twice ln◆.
  await page.click('#lesson-next');
  await ready(page);
  const samme = await roundLine(page);
  assert.equal(samme.epsilon, line.epsilon, 'the same stump, the same ε');
  assert.ok(Math.abs(samme.alpha / vote - 2) < 0.01, `SAMME's α ${samme.alpha} is twice ln◆ = ${vote}`);
  assert.equal(await answer(page, vote.toFixed(3)), 'wrong', 'the notes\' vote is not SAMME\'s');
  assert.equal(await answer(page, (2 * vote).toFixed(3)), 'right');
  assert.match(await page.textContent('#lesson-explain'), /twice ln◆₁/);

  // Step 5: sixty stumps; the student predicts, the engine's validation error decides.
  await page.click('#lesson-next');
  await ready(page);
  line = await roundLine(page);
  assert.equal(line.round, 60, line.text);
  // Three earlier runs' entries in the legend: none shows cut in half under the round's line (they wrap anew as the
  // values come in; scrolled for their round-1 heights, the first showed only its last line). Each is wholly above it or below.
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll('#loss-chart .u-legend .u-series')];
    const under = rows[0].getBoundingClientRect().bottom;
    return rows.length > 4 && rows.slice(1).every((r) => { const b = r.getBoundingClientRect(); return b.bottom <= under + 0.5 || b.top >= under - 0.5; });
  }, null, { timeout: 30_000 });
  await page.click(`.lesson-choice:text-is("${line.validError < 0.1 ? 'yes' : 'no'}")`);
  assert.equal(await page.getAttribute('#lesson-verdict', 'data-verdict'), 'right');
  assert.match(await page.textContent('#lesson-challenge-status'), /^Not yet\. Hint: .*depth 2/);
  // "To the challenge" moves the focus to it; "To the parameters" brings the panel it needs into view, focus on its first field.
  await page.click('#lesson-next');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'lesson-challenge');
  await page.click('#lesson-params');
  await page.waitForFunction(() => { const r = document.getElementById('params-panel').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight / 2; });
  assert.ok(await page.evaluate(() => document.getElementById('params-panel').contains(document.activeElement)), 'the focus in the parameters');

  // The challenge: depth-2 trees, as AdaBoost-DTree allows.
  await setParam(page, 'max_depth', '2');
  await page.click('#train');
  await page.waitForFunction(() => /^Met/.test(document.getElementById('lesson-challenge-status')?.textContent ?? ''));
  line = await roundLine(page);
  assert.ok(line.validError <= 0.05, line.text);
  // The step's line says what the step set up, and that the run on show is the student's own.
  assert.match(await page.textContent('#lesson-status'), /max_depth 1.*The run on show since is yours/);
  await site.screenshot('lessons-challenge-1280x800');

  // Progress is kept: after a reload the landing counts the steps and the challenge.
  await page.click('#lesson-leave');
  assert.ok(await page.$eval('#lesson-return', (e) => e.hidden), 'no lesson: no way back to one in the bar');
  await page.goto(`${site.origin}/`);
  await page.waitForSelector('#lesson-panel:not([hidden]) .lesson-progress');
  await page.waitForFunction(() => document.querySelector('.lesson-progress').textContent !== '');
  // (One step's answer was shown before it was found: not counted, and said.)
  assert.equal(await page.textContent('.lesson-progress'), '5 of 6 steps (1 more shown), challenge met');
  // The same, as a file a student can hand in: steps numbered as the page numbers them.
  const file = (await download(page, '#landing-progress')).trim().split('\n');
  assert.equal(file[0], 'lesson,title,steps,found,found_steps,found_after_a_wrong_answer,shown_steps,challenge_met');
  assert.equal(file.length, 11, 'a line a lesson');
  // Found after a wrong answer: steps 1 (2.5), 3 (½) and 5 (the notes' vote for SAMME's); "e^0.1257" is no answer.
  assert.match(file[1], new RegExp(`^adaboost-stumps,"AdaBoost, one stump at a time",6,5,[\\d ]+,1 3 5,${shownStep + 1},yes$`));
});

test('AdaBoost with trees: a full tree ends it in one round, draws in proportion to u, a drawn tree\'s finite vote, then pruning by leaves', async () => {
  const { page } = site;
  await page.goto('about:blank');
  await page.goto(`${site.origin}/#lesson=adaboost-trees&step=0`);
  const prompt = async () => { await ready(page); return page.textContent('#lesson-prompt'); };
  // A perfect tree: the run the step set up ended at round 1 (the status line says why), not at 20.
  await prompt();
  assert.match(await page.textContent('#train-status'), /ended at round 1: its tree made no error/);
  await page.click('.lesson-choice:text-is("about 1")');
  assert.equal(await page.getAttribute('#lesson-verdict', 'data-verdict'), 'wrong');
  await page.click('.lesson-choice:text-is("infinite")');
  assert.equal(await page.getAttribute('#lesson-verdict', 'data-verdict'), 'right');
  assert.match(await page.textContent('#lesson-explain'), /1 of 20 rounds trained/);
  // Round 2's draws: N·u/Σu on average, from the numbers the step gives.
  await page.click('#lesson-next');
  let q = await prompt();
  const [, n, u, sum] = /draws (\d+) rows\. .* has u = (\d+(?:\.\d+)?(?:e-?\d+)?), .* Σu = (\d+(?:\.\d+)?)/.exec(q).map(Number);
  assert.ok(n > 0 && u > 0 && sum > 0, q);
  assert.equal(await answer(page, (n * u / sum).toFixed(4)), 'right', q);
  assert.match(await page.textContent('#lesson-explain'), /this round drew it \d+ times/);
  // AdaBoost's labels as the notes write them: each class with its ỹ = ±1 in the worked table.
  const ys = await page.$$eval('#worked-table td[data-col="y"]', (tds) => tds.map((td) => [td.dataset.v, td.textContent]));
  assert.ok(ys.length > 0 && ys.every(([v, text]) => text.endsWith(v === '1' ? '(+1)' : '(−1)')), JSON.stringify(ys.slice(0, 4)));
  assert.ok((await page.$$eval('#worked-table thead th', (ths) => ths.map((th) => th.textContent))).some((h) => h.endsWith('(ỹ)')));
  // "Where to look" brings the row the question is about to the screen, marked.
  const line = /row on (?:line|row) (\d+)/.exec(q)[1];
  await page.click('#lesson-look');
  await page.waitForFunction((line) => {
    const tr = document.querySelector('#worked-table tr.lesson-row'), r = tr?.getBoundingClientRect();
    return tr && tr.cells[0].textContent === line && r.top >= 0 && r.bottom <= innerHeight;
  }, line, { timeout: 5000 });
  // A tree grown on a draw errs: ε₁ > 0, a finite vote ln√((1 − ε)/ε), and all 20 rounds trained.
  await page.click('#lesson-next');
  q = await prompt();
  const [, e] = /ε₁ = (\d+(?:\.\d+)?)/.exec(q).map(Number);
  assert.ok(e > 0 && e < 0.5, q);
  assert.equal(await answer(page, Math.log(Math.sqrt((1 - e) / e)).toFixed(3)), 'right', q);
  assert.match(await page.textContent('#lesson-explain'), /All 20 rounds trained/);
  // The challenge: reweighting with depth 12 needs pruning another way; max_leaves 8 trains all 20 rounds.
  assert.match(await page.textContent('#lesson-challenge-status'), /^Not yet/);
  await setParam(page, 'sampling', 'reweight');
  await setParam(page, 'max_leaves', '8');
  await train(page, 20);
  assert.match(await page.textContent('#lesson-challenge-status'), /^Met/);
  // In a lesson the rounds axis spans the run on show, not the longest kept: back to step 1 (a run of fewer rounds).
  await page.click('#lesson-prev');
  await page.click('#lesson-prev');
  await page.waitForFunction(() => /step 1 of/.test(document.getElementById('lesson-title')?.textContent ?? '') &&
    /\d+ trained\./.test(document.getElementById('lesson-status')?.textContent ?? ''));
  const chart = await page.$eval('#loss-chart', (e) => ({ rounds: Number(e.dataset.rounds), runs: Number(e.dataset.runs), points: Number(e.dataset.pointsTrain) }));
  assert.ok(chart.runs >= 1 && chart.rounds === chart.points && chart.rounds < 20, JSON.stringify(chart));
  await page.click('#lesson-next');
  await page.click('#lesson-next');
  // The next lesson opened from the list: this run on xor (its error far below 0.01) is still on show while the
  // circles load, and must not meet that lesson's challenge (a reviewer found it "met" with nothing done).
  await page.click('#lessons-open');
  await page.click('.lesson-start[data-lesson="adaboost-descent"]');
  await page.waitForFunction(() => /step 1 of/.test(document.getElementById('lesson-title')?.textContent ?? '') &&
    /toy circles data/.test(document.getElementById('lesson-status')?.textContent ?? ''));
  const progress = await page.evaluate(() => JSON.parse(localStorage.getItem('boostlab-lessons') ?? '{}')['adaboost-descent']);
  assert.notEqual(progress?.challenge, true, JSON.stringify(progress));
});

test('AdaBoost as steepest descent: the weights\' sum is the exponential error, the vote is the bottom of E_ADA(η), each round multiplies the error by 2√(ε(1 − ε))', async () => {
  const { page } = site;
  await page.goto('about:blank');
  await page.goto(`${site.origin}/#lesson=adaboost-descent&step=0`);
  // The exponential loss the round panel shows (the engine's report), and the E_ADA curve's bottom.
  const expLoss = async () => Number(await page.getAttribute('#round-panel [data-exploss]', 'data-exploss'));
  const fall = (e) => 2 * Math.sqrt(e * (1 - e));

  // Step 1: after round 1 the weights' sum is ε◆ + (1 − ε)/◆ = 2√(ε(1 − ε)).
  await ready(page);
  let line = await roundLine(page);
  assert.equal(line.round, 1, line.text);
  assert.match(await page.textContent('#lesson-title'), /step 1 of 4/);
  await page.waitForSelector('#round-panel [data-exploss]');
  assert.ok(Math.abs(await expLoss() - fall(line.epsilon)) < 1e-3, 'the engine\'s exponential loss is the notes\' sum of the weights');
  assert.equal(await answer(page, '1'), 'wrong');
  assert.equal(await answer(page, fall(line.epsilon).toFixed(4)), 'right');

  // Step 2: round 3's curve has its bottom at ln◆₃, which is the engine's α₃.
  await page.click('#lesson-next');
  await ready(page);
  line = await roundLine(page);
  assert.equal(line.round, 3, line.text);
  await page.waitForSelector('#round-panel figure.eada');
  const argmin = Number(await page.getAttribute('#round-panel figure.eada', 'data-argmin'));
  assert.ok(Math.abs(argmin - line.alpha) < 1e-3 * Math.max(1, line.alpha), `the curve's bottom ${argmin} is the vote ${line.alpha}`);
  assert.equal(await answer(page, line.alpha.toFixed(4)), 'right');
  assert.match(await page.textContent('#lesson-explain'), /steepest-descent step/);
  await site.screenshot('lessons-adaboost-descent-1280x800');

  // Step 3: the error after round 5 from round 4's and ε₅, as the prompt gives them.
  await page.click('#lesson-next');
  await ready(page);
  const prompt = await page.textContent('#lesson-prompt');
  const [, before, eps5] = /exponential error is (\d+\.\d+); round 5's stump has ε₅ = (\d+\.\d+)/.exec(prompt).map(Number);
  const predicted = before * fall(eps5);
  assert.ok(Math.abs(predicted - await expLoss()) < 2e-3 * predicted, `${predicted} against the engine's ${await expLoss()}`);
  assert.equal(await answer(page, predicted.toFixed(5)), 'right');

  // Step 4: half the step leaves the error above the curve's bottom.
  await page.click('#lesson-next');
  await ready(page);
  const half = await expLoss();
  const bottom = Number(await page.getAttribute('#round-panel figure.eada', 'data-min'));
  assert.ok(half > bottom, `${half} > ${bottom}`);
  await page.click('.lesson-choice:text-is("higher")');
  assert.equal(await page.getAttribute('#lesson-verdict', 'data-verdict'), 'right');

  // The challenge: deeper trees (smaller ε) bring the error below 0.01 within 40 rounds; stumps do not.
  assert.match(await page.textContent('#lesson-challenge-status'), /^Not yet/);
  await setParam(page, 'eta', '1');
  await setParam(page, 'max_depth', '2');
  await page.click('#train');
  await page.waitForFunction(() => /^Met/.test(document.getElementById('lesson-challenge-status')?.textContent ?? ''));
});

test('Gradient boosting, worked: one row followed through round 1 with the engine\'s f₀, residual, leaf and step', async () => {
  const { page } = site;
  await page.goto('about:blank');
  await page.goto(`${site.origin}/#lesson=gradient-boosting&step=0`);
  const prompt = async () => {
    await ready(page);
    const text = await page.textContent('#lesson-prompt');
    return { text, numbers: [...text.matchAll(/= ([-−]?\d+(?:\.\d+)?)/g)].map((m) => num(m[1])) };
  };
  // STEP 1: f₀ is the mean; the row's loss ½(y − f₀)².
  let q = await prompt();
  const [y, f0] = q.numbers;
  assert.ok(Number.isFinite(y) && Number.isFinite(f0), q.text);
  assert.equal(await answer(page, (0.5 * (y - f0) ** 2).toFixed(4)), 'right', q.text);
  // STEP 2.1: the pseudo-residual y − F.
  await page.click('#lesson-next');
  q = await prompt();
  assert.equal(await answer(page, (y - f0).toFixed(4)), 'right', q.text);
  assert.match(await page.textContent('#lesson-explain'), /= −r/);
  // STEP 2.3: the leaf's value, its residuals' mean.
  await page.click('#lesson-next');
  q = await prompt();
  const [, rows, sum] = /leaf of (\d+) training rows whose residuals sum to ([-−]?\d+(?:\.\d+)?)/.exec(q.text).map(num);
  const gamma = sum / rows;
  assert.equal(await answer(page, gamma.toFixed(4)), 'right', q.text);
  // STEP 2.4: F₁ = f₀ + ν·γ, and the worked table agrees.
  await page.click('#lesson-next');
  q = await prompt();
  assert.equal(await answer(page, (f0 + 0.5 * gamma).toFixed(4)), 'right', q.text);
  const [, mine, table] = /F₁ = .* = ([-−]?[\d.]+); the worked table's F₁\(x\) says ([-−]?\d+(?:\.\d+)?)/.exec(await page.textContent('#lesson-explain')).map(num);
  assert.ok(Math.abs(mine - table) < 1e-3, `${mine} against the engine's ${table}`);
  // The stages: 20 rounds; the student says whether training RMSE fell every round, the reports decide.
  await page.click('#lesson-next');
  await ready(page);
  await page.click('.lesson-choice:text-is("yes")');
  assert.equal(await page.getAttribute('#lesson-verdict', 'data-verdict'), 'right', await page.textContent('#lesson-explain'));
  // The challenge: more rounds at a smaller step.
  await setParam(page, 'eta', '0.3');
  await setParam(page, 'rounds', '30');
  await page.click('#train');
  await page.waitForFunction(() => /^Met/.test(document.getElementById('lesson-challenge-status')?.textContent ?? ''));
  await site.screenshot('lessons-gradient-boosting-1280x800');
});

test('Gradient boosting for two classes: f₀ from the class counts, y − σ(F₀), a leaf\'s Σr / Σp(1 − p), σ(F₁) and σ(F₂₀), then the challenge', async () => {
  const { page } = site;
  await page.goto('about:blank');
  await page.goto(`${site.origin}/#lesson=gradient-boosting-classes&step=0`);
  const prompt = async () => { await ready(page); return page.textContent('#lesson-prompt'); };
  const sigmoid = (f) => 1 / (1 + Math.exp(-f));
  // STEP 1: the log-odds of the training rows' ones, worked from the counts the step gives.
  let q = await prompt();
  const [, n, ones] = /Of the (\d+) training rows, (\d+) have y = 1/.exec(q).map(Number);
  assert.ok(ones > 0 && ones < n, q);
  const f0 = Math.log(ones / (n - ones));
  assert.equal(await answer(page, f0.toFixed(4)), 'right', q);
  // STEP 2.1: the row's pseudo-residual, its class less σ(f₀).
  await page.click('#lesson-next');
  q = await prompt();
  const [, y, F0] = /has y = (\d) and score F₀ = ([-−]?\d+(?:\.\d+)?)/.exec(q).map(num);
  assert.ok(Math.abs(F0 - f0) < 1e-3, `the row starts at the f₀ worked out: ${F0} and ${f0}`);
  assert.equal(await answer(page, (y - sigmoid(F0)).toFixed(4)), 'right', q);
  assert.match(await page.textContent('#lesson-explain'), /= −r/);
  // STEP 2.3: one Newton step, not the plain mean of the residuals.
  await page.click('#lesson-next');
  q = await prompt();
  const [, R, P] = /Σr = ([-−]?\d+(?:\.\d+)?) and whose rows' p\(1 − p\) sum to ([-−]?\d+(?:\.\d+)?)/.exec(q).map(num);
  const gamma = R / P;
  assert.equal(await answer(page, gamma.toFixed(4)), 'right', q);
  const [, mean] = /plain mean of its residuals would be ([-−]?\d+(?:\.\d+)?)/.exec(await page.textContent('#lesson-explain')).map(num);
  assert.ok(Math.abs(mean - gamma) > 0.01, `the step (${gamma}) differs from the mean residual (${mean})`);
  // STEP 2.4: the step on the score, read as a probability; the worked table's F₁ agrees.
  await page.click('#lesson-next');
  q = await prompt();
  assert.equal(await answer(page, sigmoid(F0 + 0.5 * gamma).toFixed(4)), 'right', q);
  const [, mine, table] = /F₁ = .* = ([-−]?\d+(?:\.\d+)?) \(the worked table's F₁\(x\): ([-−]?\d+(?:\.\d+)?)\)/.exec(await page.textContent('#lesson-explain')).map(num);
  assert.ok(Math.abs(mine - table) < 1e-3, `${mine} against the engine's ${table}`);
  // STEP 3: after 20 rounds, the highest threshold that still calls the row 1.
  await page.click('#lesson-next');
  q = await prompt();
  const [, F20] = /F₂₀\(x\) = ([-−]?\d+(?:\.\d+)?)/.exec(q).map(num);
  assert.equal(await answer(page, (1 - sigmoid(F20)).toFixed(4)), 'wrong', 'the other class\'s probability is not the answer');
  assert.equal(await answer(page, sigmoid(F20).toFixed(4)), 'right', q);
  // The challenge: five rounds of the steps' settings fall short; a bigger step on deeper trees does not.
  await train(page, 5);
  assert.match(await page.textContent('#lesson-challenge-status'), /^Not yet/);
  await setParam(page, 'eta', '1');
  await setParam(page, 'max_depth', '3');
  await train(page, 5);
  assert.match(await page.textContent('#lesson-challenge-status'), /^Met/);
  await site.screenshot('lessons-gradient-boosting-classes-1280x800');
});

test('XGBoost\'s objective: h of a row, w* with λ = 1 and 20, the tree\'s objective value from the leaf table, and the γ that stops the first tree splitting', async () => {
  const { page } = site;
  await page.goto('about:blank');
  await page.goto(`${site.origin}/#lesson=xgboost-objective&step=0`);
  const prompt = async () => {
    await ready(page);
    return page.textContent('#lesson-prompt');
  };
  const numbers = (text, ...names) => names.map((n) => num(new RegExp(`${n} = ([-−]?\\d+(?:\\.\\d+)?)`).exec(text)?.[1]));
  // Step 4 asks for the tree's objective on this same run: blurred from step 1 on, not only in step 4.
  await prompt();
  assert.match(await page.$eval('#round-inspector figure.tree-objective', (e) => getComputedStyle(e).filter), /blur/);
  // Second order: h = p(1 − p).
  let text = await prompt();
  const [p] = numbers(text, 'σ\\(F₀\\)');
  // ¼, what p = ½ would give, is not this row's h (an absolute tolerance of 0.01 took it).
  assert.ok(Math.abs(p * (1 - p) - 0.25) > 0.002 * 0.25, `p = ${p}: h is not ¼ to the check's tolerance`);
  assert.equal(await answer(page, '0.25'), 'wrong', text);
  assert.equal(await answer(page, (p * (1 - p)).toFixed(4)), 'right', text);
  assert.match(await page.textContent('#lesson-explain'), /The engine's: g = .*, h = /);
  // w* = −G/(H+λ), λ = 1 then 20.
  for (const lambda of [1, 20]) {
    await page.click('#lesson-next');
    text = await prompt();
    const [G, H] = numbers(text, 'G', 'H');
    assert.match(text, new RegExp(`λ = ${lambda}`));
    // The worked table's F₁ = F₀ + η·w* would give the answer away: blurred until answered.
    const after = () => page.$eval('#worked-table td[data-col="after"]', (e) => getComputedStyle(e).filter);
    assert.match(await after(), /blur/);
    assert.equal(await answer(page, (-G / (H + lambda)).toFixed(4)), 'right', text);
    assert.equal(await after(), 'none');
    if (lambda === 1) {
      const [mine, engine] = /= ([-−]?[\d.]+); the engine's leaf: ([-−]?[\d.]+)/.exec(await page.textContent('#lesson-explain')).slice(1).map(num);
      assert.ok(Math.abs(mine - engine) < 1e-3, `${mine} against the engine's ${engine}`);
    }
  }
  // The objective value, summed by the student over the round panel's leaf table.
  await page.click('#lesson-next');
  await prompt();
  const leaves = await page.$$eval('#round-inspector .leaf-table tr[data-g]', (trs) => trs.map((tr) => [Number(tr.dataset.g), Number(tr.dataset.h)]));
  assert.ok(leaves.length >= 2, `${leaves.length} leaves in the table`);
  const value = -0.5 * leaves.reduce((t, [G, H]) => t + G * G / (H + 1), 0);
  assert.equal(await answer(page, value.toFixed(4)), 'right');
  // The panel's own objective row and the engine's report say the same.
  const row = Number(await page.getAttribute('#round-inspector [data-objective]', 'data-objective'));
  assert.ok(Math.abs(row - value) < 1e-4 * Math.abs(value), `the panel's objective ${row} against ${value}`);
  const reported = JSON.parse(await page.getAttribute('#round-inspector figure.tree-objective', 'data-values'));
  assert.ok(Math.abs(reported.at(-1) - value) < 1e-3 * Math.abs(value), `the engine's report ${reported.at(-1)} against ${value}`);
  // γ: every tree's leaves, then the challenge: a γ between the root's bracket and the smaller child's.
  await page.click('#lesson-next');
  await ready(page);
  assert.match(await page.textContent('#lesson-prompt'), /all 4 leaves/);
  // The answer shown must follow from the leaves per tree it lists (the engine's reports).
  await page.click('#lesson-show');
  const shown = await page.textContent('#lesson-explain');
  const perTree = /Leaves per tree: ([\d, ]+)\./.exec(shown)[1].split(', ').map(Number);
  assert.equal(perTree.length, 20, shown);
  assert.match(shown, new RegExp(`^The answer: ${perTree.every((n) => n === 4) ? 'yes' : 'no'}\\. `));
  // The student reads the brackets off the node inspector: round 1's tree, its root and the children that split.
  await page.fill('#round-scrub', '1');
  await page.dispatchEvent('#round-scrub', 'input');
  await page.fill('#tree-index', '1');
  await page.dispatchEvent('#tree-index', 'change');
  await page.waitForFunction(() => document.getElementById('tree').dataset.drawn > 0);
  const brackets = new Map();
  for (const node of await page.$$eval('#tree g.tree-split', (gs) => gs.map((g) => Number(g.dataset.node)))) {
    await page.click(`#tree g.tree-split[data-node="${node}"]`);
    await page.waitForFunction((n) => document.getElementById('node-inspector').dataset.node === String(n), node);
    brackets.set(node, Number(await page.getAttribute('#node-inspector', 'data-bracket')));
  }
  // Every split goes once γ is above every bracket (a split stands while its bracket ≥ γ); a little above the largest.
  await setParam(page, 'gamma', String(Number((Math.max(...brackets.values()) * 1.05).toPrecision(6))));
  await setParam(page, 'rounds', '1');
  await page.click('#train');
  await page.waitForFunction(() => /^Met/.test(document.getElementById('lesson-challenge-status')?.textContent ?? ''));
});

test('Random forests: the rows tree 1 never drew, the features a split drew, the out-of-bag error beside the training error', async () => {
  const { page } = site;
  await page.goto('about:blank');
  await page.goto(`${site.origin}/#lesson=random-forest&step=0`);
  await ready(page);
  // The student reads the draws off the round panel: "… over R rows; N never drawn".
  const drawnText = await page.textContent('#round-inspector .drawn');
  const [, rows, never] = /over ([\d,]+) rows; ([\d,]+) never drawn/.exec(drawnText).map((v) => Number(String(v).replace(/,/g, '')));
  const share = never / rows;
  assert.ok(Math.abs(share - 1 / Math.E) < 0.06, `${share} of the rows left out, near 1/e`);
  assert.equal(await answer(page, `${(100 * share + 5).toFixed(1)} %`), 'wrong', 'another percentage is not');
  assert.equal(await answer(page, `${(100 * share).toFixed(1)}`), 'right', 'a share as a percentage, as the round panel writes it, without its sign');
  await page.click('#lesson-next');
  await ready(page);
  const tried = await page.$$eval('#round-inspector .tried-table tr[data-features]', (trs) => trs.map((tr) => JSON.parse(tr.dataset.features).length));
  assert.ok(tried.length > 0 && tried.every((n) => n === tried[0]), `${tried}`);
  assert.equal(await answer(page, String(tried[0])), 'right');
  await page.click('#lesson-next');
  await ready(page);
  const line = await page.textContent('#last-round');
  const train = Number(/train error (\d+(?:\.\d+)?)/.exec(line)?.[1]), oob = Number(/out-of-bag error (\d+(?:\.\d+)?)/.exec(line)?.[1]);
  const valid = Number(/valid error (\d+(?:\.\d+)?)/.exec(line)?.[1]);
  assert.ok(Number.isFinite(train) && Number.isFinite(oob) && Number.isFinite(valid), line);
  // The one nearer the validation error (rows no tree trained on): the out-of-bag error, as the notes argue.
  const nearer = Math.abs(train - valid) < Math.abs(oob - valid) ? 'training error' : 'out-of-bag error';
  assert.equal(nearer, 'out-of-bag error', line);
  // Two options: one wrong pick leaves the answer, so it is shown and the step counts as shown, not found.
  await page.click('.lesson-choice:text-is("training error")');
  assert.equal(await page.getAttribute('#lesson-verdict', 'data-verdict'), 'wrong');
  assert.match(await page.textContent('#lesson-verdict'), /^Not quite \(training error\)\. That leaves one choice.*counts as shown, not found/);
  assert.match(await page.textContent('#lesson-explain'), new RegExp(`^The answer: ${nearer}\\.`));
  assert.deepEqual(await page.$$eval('.lesson-choice', (bs) => bs.map((b) => b.disabled)), [true, true], 'nothing left to pick');
  const step = Number(/step (\d+) of/.exec(await page.textContent('#lesson-title'))[1]) - 1;
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('boostlab-lessons'))['random-forest']);
  assert.ok(kept.shown.includes(step) && kept.missed.includes(step) && !kept.steps.includes(step), JSON.stringify(kept));
  await site.screenshot('lessons-random-forest-1280x800');
});

test('Blending: the four runs side by side, the uniform vote against their mean, linear blending\'s weights, stacking, then the challenge', async () => {
  const { page } = site;
  await page.goto('about:blank');
  await page.goto(`${site.origin}/#lesson=blending&step=0`);
  // What Side by side shows: each run's validation log loss (its card), and each blend's row.
  const runs = () => page.$$eval('#compare-runs .compare-card', (cards) => cards.map((c) => ({ algorithm: c.dataset.algorithm, logloss: Number(c.dataset.logloss) })));
  const blend = (name) => page.$eval(`#compare-blends tr[data-blend="${name}"]`, (tr) => ({ logloss: Number(tr.dataset.logloss), weights: JSON.parse(tr.dataset.weights) }));

  // Step 1: the uniform vote is below the runs' mean (convexity of −ln), whatever the data.
  await ready(page);
  // "Where to look" brings the panel's title below the sticky controls, not under them.
  await page.click('#lesson-look');
  await page.waitForFunction(() => {
    const title = document.querySelector('#compare-panel h2').getBoundingClientRect(), bar = document.querySelector('.control-bar').getBoundingClientRect();
    return title.top >= bar.bottom && title.bottom <= innerHeight;
  }, null, { timeout: 5000 });
  let r = await runs();
  assert.equal(r.length, 4, 'the four algorithms trained side by side');
  const mean = r.reduce((t, x) => t + x.logloss, 0) / 4, uniform = (await blend('uniform')).logloss;
  assert.ok(uniform < mean, `uniform ${uniform} against the mean ${mean}`);
  await page.click('.lesson-choice:text-is("the mean of the runs")');
  assert.equal(await page.getAttribute('#lesson-verdict', 'data-verdict'), 'wrong');
  await page.click('.lesson-choice:text-is("the uniform vote")');
  assert.equal(await page.getAttribute('#lesson-verdict', 'data-verdict'), 'right');
  await site.screenshot('lessons-blending-1280x800');

  // Step 2: the run with the largest linear weight (AdaBoost's stumps, which fail on xor, get little).
  await page.click('#lesson-next');
  await ready(page);
  r = await runs();
  const { weights } = await blend('linear');
  assert.ok(weights.every((w) => w >= 0) && Math.abs(weights.reduce((a, b) => a + b, 0) - 1) < 1e-6, `α ${weights}`);
  const top = r[weights.indexOf(Math.max(...weights))].algorithm;
  const names = { xgboost: 'XGBoost-style', gbdt: 'gradient boosting', adaboost: 'AdaBoost', random_forest: 'random forest' };
  await page.click(`.lesson-choice:text-is("${names[top]}")`);
  assert.equal(await page.getAttribute('#lesson-verdict', 'data-verdict'), 'right');
  assert.ok(weights[r.findIndex((x) => x.algorithm === 'adaboost')] < 0.2, 'the member that cannot draw xor is trusted little');

  // Step 3: stacking against the best run.
  await page.click('#lesson-next');
  await ready(page);
  const stacking = (await blend('stacking')).logloss, best = Math.min(...(await runs()).map((x) => x.logloss));
  await page.click(`.lesson-choice:text-is("${stacking < best ? 'yes' : 'no'}")`);
  assert.equal(await page.getAttribute('#lesson-verdict', 'data-verdict'), 'right');

  // The challenge: fewer rounds; at 20 a blend beats all four runs.
  assert.match(await page.textContent('#lesson-challenge-status'), /^Not yet/);
  await page.fill('#param-rounds', '20');
  await page.dispatchEvent('#param-rounds', 'input');
  await page.click('#preset-four');
  await page.waitForFunction(() => /^Met/.test(document.getElementById('lesson-challenge-status')?.textContent ?? ''), null, { timeout: 300_000 });
});

test('Ranking: GBRank\'s pairs, swapped targets and blend, LambdaMART beside it, then the challenge', async () => {
  const { page } = site;
  await page.goto('about:blank');
  await page.goto(`${site.origin}/#lesson=ranking-gbrank&step=0`);
  const panelNumber = async (key) => Number(await page.getAttribute(`#round-panel [data-${key}]`, `data-${key}`));

  // Step 1: every pair is in S⁻ when every score is 0.
  await ready(page);
  await page.waitForSelector('#round-panel [data-wrong]');
  const pairs = await panelNumber('pairs'), wrong1 = await panelNumber('wrong');
  assert.ok(pairs > 1000, `${pairs} pairs`);
  assert.equal(wrong1, pairs, 'round 1 learns from every pair');
  assert.equal(await answer(page, String(pairs - 1)), 'wrong');
  assert.equal(await answer(page, String(wrong1)), 'right');

  // Step 2: the more relevant document's target is h(y) + τ = 1.
  await page.click('#lesson-next');
  await ready(page);
  assert.equal(await answer(page, '-1'), 'wrong');
  assert.equal(await answer(page, '1'), 'right');

  // Step 3: round 2 keeps 2/3 of h₁ (the panel's blend row says the same).
  await page.click('#lesson-next');
  await ready(page);
  assert.equal((await roundLine(page)).round, 2);
  assert.equal(await answer(page, '2/3'), 'right', 'a fraction');
  assert.ok(Math.abs(await panelNumber('keep') - 2 / 3) < 1e-9);

  // Step 4: round 20 learns from fewer pairs than round 1.
  await page.click('#lesson-next');
  await ready(page);
  await page.waitForFunction(() => document.getElementById('round-panel').dataset.round === '20' || document.getElementById('round-inspector').dataset.round === '20');
  const wrong20 = await panelNumber('wrong');
  await page.click(`.lesson-choice:text-is("${wrong20 < wrong1 ? 'yes' : 'no'}")`);
  assert.equal(await page.getAttribute('#lesson-verdict', 'data-verdict'), 'right');
  assert.match(await page.textContent('#lesson-explain'), new RegExp(`round 20 from ${wrong20} `));

  // Step 5: LambdaMART; the student reads its validation NDCG@5 off the round line.
  await page.click('#lesson-next');
  await ready(page);
  const text = await page.textContent('#last-round');
  const ndcg = Number(/valid ndcg@5 ([\d.]+)/.exec(text)?.[1]);
  assert.ok(Number.isFinite(ndcg), text);
  await page.click(`.lesson-choice:text-is("${ndcg > 0.7 ? 'yes' : 'no'}")`);
  assert.equal(await page.getAttribute('#lesson-verdict', 'data-verdict'), 'right');
  await site.screenshot('lessons-ranking-1280x800');

  // The challenge: GBRank with smaller steps.
  assert.match(await page.textContent('#lesson-challenge-status'), /^Not yet/, await page.evaluate(() => document.getElementById('lesson-panel').innerText));
  await page.selectOption('#algorithm', 'gbrank');
  await setParam(page, 'rounds', '50');
  await setParam(page, 'eta', '0.3');
  await page.click('#train');
  await page.waitForFunction(() => /^Met/.test(document.getElementById('lesson-challenge-status')?.textContent ?? ''));
});

test('a step on the student\'s own file: offered where its question holds, set up on the file, checked against its numbers; and back', async () => {
  const { page } = site;
  // The student's file: two numbers and a yes/no target.
  const rows = ['a,b,label', ...Array.from({ length: 200 }, (_, i) => {
    const a = ((i * 37) % 100) / 10, b = ((i * 53) % 100) / 10;
    return `${a},${b},${a + 0.5 * b + ((i * 7) % 10) / 5 > 7 ? 'yes' : 'no'}`;
  })];
  await page.setInputFiles('#file-input', { name: 'mine.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
  await page.waitForFunction(() => /^mine\.csv/.test(document.getElementById('data-name').textContent));
  await page.click('#lessons-open');
  await page.click('.lesson-start[data-lesson="adaboost-stumps"]');
  await ready(page);
  assert.match(await page.textContent('#lesson-status'), /toy xor data/);
  assert.match(await page.textContent('#lesson-own'), /Do it on mine\.csv/);
  await page.click('#lesson-own-switch');
  await page.waitForFunction(() => /your file mine\.csv/.test(document.getElementById('lesson-status').textContent));
  await ready(page);
  assert.match(await page.textContent('#data-name'), /^mine\.csv: 200 rows/, 'the file read again');
  assert.match(await page.textContent('#lesson-status'), /^Set up: your file mine\.csv, adaboost/);
  assert.match(await page.textContent('#lesson-own'), /On your file mine\.csv/);
  // The question is about this file's round 1: its ε, the student's ◆.
  const line = await roundLine(page);
  assert.equal(line.round, 1, line.text);
  assert.match(await page.textContent('#lesson-prompt'), new RegExp(`ε₁ = ${line.epsilon.toFixed(4)}`));
  assert.equal(await answer(page, Math.sqrt((1 - line.epsilon) / line.epsilon).toFixed(3)), 'right');
  // Next stays on the file.
  await page.click('#lesson-next');
  await ready(page);
  assert.match(await page.textContent('#lesson-status'), /your file mine\.csv/);
  // A step for numbers says why not on a file of two classes.
  await page.click('#lessons-open');
  await page.click('.lesson-start[data-lesson="gradient-boosting"]');
  await ready(page);
  assert.match(await page.textContent('#lesson-own'), /needs a target of a number, and mine\.csv's, 'label', is two classes/);
  assert.equal(await page.$('#lesson-own-switch'), null);
  // And back from the file to a step's own data.
  await page.click('#lessons-open');
  await page.click('.lesson-start[data-lesson="adaboost-stumps"]');
  await ready(page);
  await page.click('#lesson-own-switch');
  await page.waitForFunction(() => /your file mine\.csv/.test(document.getElementById('lesson-status').textContent));
  await ready(page);
  await page.click('#lesson-own-switch');  // 'Back to the step's data'
  await page.waitForFunction(() => /toy xor data/.test(document.getElementById('lesson-status').textContent));
  await ready(page);
  assert.match(await page.textContent('#data-name'), /xor: 400 rows/);
  await site.screenshot('lessons-own-file-1280x800');
});

test('leaving a lesson gives the page back: the student\'s file, its target, the algorithm and parameters; the lesson\'s paused run stopped', async () => {
  const { page } = site;
  await page.goto('about:blank');
  await page.goto(`${site.origin}/`);
  await page.waitForFunction(() => !document.getElementById('train').disabled);
  const rows = ['a,b,c,y', ...Array.from({ length: 150 }, (_, i) => `${i % 7},${(i * 13) % 29},${(i * 5) % 11},${(i * 3) % 17}`)];
  await page.setInputFiles('#file-input', { name: 'kept.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
  await page.waitForFunction(() => /^kept\.csv: 150 rows/.test(document.getElementById('data-name').textContent) && !document.getElementById('train').disabled);
  await page.selectOption('#target', 'b');
  await page.selectOption('#algorithm', 'gbdt');
  await setParam(page, 'eta', '0.3');
  await page.click('#lessons-open');
  await page.click('.lesson-start[data-lesson="adaboost-stumps"]');
  await ready(page);
  assert.match(await page.textContent('#data-name'), /xor: 400 rows/);
  // The step's run waits at round 1 of its planned rounds: paused, the algorithm menu locked.
  assert.equal(await page.isDisabled('#algorithm'), true);
  // Through the lessons' list to another lesson and back: still the page from before the first.
  await page.click('#lessons-open');
  await page.click('.lesson-start[data-lesson="adaboost-descent"]');
  await ready(page);
  await page.click('#lesson-leave');
  await page.waitForFunction(() => /^kept\.csv: 150 rows/.test(document.getElementById('data-name').textContent) && !document.getElementById('train').disabled);
  assert.equal(await page.inputValue('#target'), 'b');
  assert.equal(await page.inputValue('#algorithm'), 'gbdt');
  assert.equal(await page.isDisabled('#algorithm'), false, 'no run left paused');
  assert.equal(await page.inputValue('#param-eta'), '0.3');
  assert.equal(await page.isVisible('#toy-controls'), false, 'no toy points, noise and seed beside the file');
  // The lesson's curve stays, under its data.
  assert.match(await page.textContent('#chart-data'), /earlier: toy/);
  await site.screenshot('lessons-left-1280x800');
  // Data the student picks during a lesson is theirs: leaving keeps it.
  await page.click('#lessons-open');
  await page.click('.lesson-start[data-lesson="adaboost-stumps"]');
  await ready(page);
  await page.selectOption('#source', 'sample:penguins');
  await page.waitForFunction(() => /^penguins/.test(document.getElementById('data-name').textContent) && !document.getElementById('train').disabled);
  await page.click('#lesson-leave');
  await page.waitForTimeout(500);
  assert.match(await page.textContent('#data-name'), /^penguins/);
});

test('Losses: the deviance at a row\'s margin, the loss that charges a confident mistake most, an outlier\'s share of its leaf, pseudo-Huber\'s bounded gradient, then the challenge', async () => {
  const { page } = site;
  await page.goto('about:blank');
  await page.goto(`${site.origin}/#lesson=losses&step=0`);
  const prompt = async () => { await ready(page); return page.textContent('#lesson-prompt'); };
  // The deviance at m = ỹ·F₂, worked from the class and score the prompt gives.
  let q = await prompt();
  const [, y, F] = /of class (\d) \(ỹ = [+−]1\) with score F₂ = ([-−]?\d+(?:\.\d+)?)/.exec(q).map(num);
  const m = (2 * y - 1) * F;
  assert.equal(await answer(page, Math.exp(-m).toFixed(4)), 'wrong', 'the exponential loss is not the deviance');
  assert.equal(await answer(page, Math.log1p(Math.exp(-m)).toFixed(4)), 'right', q);
  // A confident mistake: the exponential.
  await page.click('#lesson-next');
  await ready(page);
  await page.click('.lesson-choice:text-is("binomial deviance")');
  assert.equal(await page.getAttribute('#lesson-verdict', 'data-verdict'), 'wrong');
  await page.click('.lesson-choice:text-is("exponential")');
  assert.equal(await page.getAttribute('#lesson-verdict', 'data-verdict'), 'right');
  // The outlier's share of its squared-error leaf: r / n; "Where to look" marks the row the prompt names.
  await page.click('#lesson-next');
  q = await prompt();
  const [, line, yo, f0, n] = /row on (?:line|row) (\d+) is farthest from f₀: y = ([-−]?[\d.]+), f₀ = ([-−]?[\d.]+)\. Its leaf holds (\d+) training rows/.exec(q);
  assert.ok(Math.abs(num(yo) - num(f0)) > 2, `an outlier: ${q}`);
  await page.click('#lesson-look');
  await page.waitForFunction((line) => document.querySelector('#worked-table tr.lesson-row')?.cells[0].textContent === line, line, { timeout: 5000 });
  assert.equal(await answer(page, ((num(yo) - num(f0)) / Number(n)).toFixed(4)), 'right', q);
  // Pseudo-Huber's gradient of that row: about δ in size, far below its residual; the engine's g agrees.
  await page.click('#lesson-next');
  q = await prompt();
  const z = num(/z = F₀ − y = ([-−]?\d+(?:\.\d+)?)/.exec(q)[1]);
  assert.equal(await answer(page, z.toFixed(4)), 'wrong', 'squared error\'s gradient is not pseudo-Huber\'s');
  const g = z / Math.sqrt(1 + (z / 0.5) ** 2);
  assert.ok(Math.abs(g) < 0.5, `bounded by δ: ${g}`);
  assert.equal(await answer(page, g.toFixed(4)), 'right', q);
  const engine = num(/the engine's g: ([-−]?\d+(?:\.\d+)?)/.exec(await page.textContent('#lesson-explain'))[1]);
  assert.ok(Math.abs(engine - g) < 1e-3, `${engine} against ${g}`);
  // The challenge: squared error at the steps' settings falls short; pseudo-Huber judged by MAE meets it.
  await setParam(page, 'objective', 'reg:squarederror');
  await setParam(page, 'eval_metric', 'mae');
  await train(page, 20);
  assert.match(await page.textContent('#lesson-challenge-status'), /^Not yet/);
  await setParam(page, 'objective', 'reg:pseudohubererror');
  await train(page, 20);
  assert.match(await page.textContent('#lesson-challenge-status'), /^Met/);
});

test('a step whose run was stepped on past its round says so, and brings its round back', async () => {
  const { page } = site;
  await page.goto('about:blank');
  await page.goto(`${site.origin}/#lesson=gradient-boosting&step=1`);
  await ready(page);
  const asked = await page.textContent('#lesson-prompt');
  assert.match(asked, /pseudo-residual/);
  // Step trains round 2: the question is about round 1 (it sat at "comes once the round is trained").
  await page.click('#step');
  await page.waitForFunction(() => /about round 1's numbers; the page now shows round 2/.test(document.getElementById('lesson-prompt').textContent));
  assert.match(await page.textContent('#lesson-status'), /^Set up:/);
  await page.click('#lesson-back-round');
  await ready(page);
  assert.equal(await page.textContent('#lesson-prompt'), asked);
});

test('a lesson\'s link opens its step, set up; an unknown lesson falls back with a notice', async () => {
  const { page } = site;
  await page.goto('about:blank');
  // at= counts the steps as the page does.
  await page.goto(`${site.origin}/#lesson=adaboost-stumps&at=3`);
  await ready(page);
  assert.match(await page.textContent('#lesson-title'), /step 3 of 6/);
  assert.equal((await roundLine(page)).round, 2);
  assert.match(await page.evaluate(() => location.hash), /[#&]lesson=adaboost-stumps&at=3(&|$)/, 'the address bar says the step as the page does');
  // Another lesson's link pasted into the same tab (only the hash changes), then Back: the page follows both.
  // This one of the older form (step= counted from 0) still opens the step it meant.
  await page.evaluate(() => { location.hash = '#lesson=random-forest&step=1'; });
  await page.waitForFunction(() => /^Random forests.*step 2 of/.test(document.getElementById('lesson-title')?.textContent ?? ''));
  // Back at once, while that step still sets itself up (its state written to the address bar could land
  // between the Back and its event, and the page read its own hash instead of the one gone back to).
  await page.goBack();
  await page.waitForFunction(() => /step 3 of 6/.test(document.getElementById('lesson-title')?.textContent ?? ''));
  assert.match(await page.textContent('#lesson-title'), /AdaBoost/);
  await page.goto('about:blank');
  await page.goto(`${site.origin}/#lesson=constructor&step=1`);
  await page.waitForFunction(() => /lesson 'constructor'/.test(document.getElementById('train-notice')?.textContent ?? ''));
});

// Every lesson's first step at the three sizes: nothing wider than the screen, the question on the first
// screen, a picture of each in test-results/ to look at.
const LESSON_IDS = ['adaboost-stumps', 'adaboost-trees', 'adaboost-descent', 'gradient-boosting', 'gradient-boosting-classes', 'xgboost-objective', 'losses', 'random-forest', 'blending', 'ranking-gbrank'];
test('every lesson\'s first step at 1280x800, 390x844 and 853x533 at 1.5x: no sideways scroll, the question on the first screen', async () => {
  for (const [w, h, scale] of [[1280, 800, 1], [390, 844, 1], [853, 533, 1.5]]) {
    const page = await site.browser.newPage({ viewport: { width: w, height: h }, deviceScaleFactor: scale, ...(w < 500 ? { isMobile: true, hasTouch: true } : {}) });
    for (const id of LESSON_IDS) {
      await page.goto('about:blank');
      await page.goto(`${site.origin}/#lesson=${id}&step=0`);
      await ready(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 1, `${id} at ${w}x${h}: the page is ${overflow}px wider than the screen`);
      const prompt = await page.$eval('#lesson-prompt', (e) => e.getBoundingClientRect().bottom);
      assert.ok(prompt <= h, `${id} at ${w}x${h}: the question ends at ${prompt}px`);
      if (w < 500) {
        // On a phone the step's numbers follow its card (the data and parameters, which the step set, go last).
        const gap = await page.evaluate(() => document.getElementById('last-round').getBoundingClientRect().top - document.getElementById('lesson-panel').getBoundingClientRect().bottom);
        assert.ok(gap < 300, `${id} at ${w}x${h}: the round line is ${Math.round(gap)}px below the lesson's card`);
      }
      await page.screenshot({ path: `test-results/lesson-${id}-${w}x${h}${scale > 1 ? `@${scale}x` : ''}.png` });
    }
    await page.close();
  }
});

test('the lesson reads at 390x844 and on a projector (853x533 at 1.5x)', async () => {
  for (const [w, h, scale] of [[390, 844, 1], [853, 533, 1.5]]) {
    const page = await site.browser.newPage({ viewport: { width: w, height: h }, deviceScaleFactor: scale, ...(w < 500 ? { isMobile: true, hasTouch: true } : {}) });
    await page.goto(`${site.origin}/#lesson=adaboost-stumps&step=0`);
    await ready(page);
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `${w}x${h}: the page is ${overflow}px wider than the screen`);
    // The question is on the first screen; "Where to look" brings the round line into view.
    const prompt = await page.$eval('#lesson-prompt', (e) => e.getBoundingClientRect().bottom);
    assert.ok(prompt <= h, `${w}x${h}: the question ends at ${prompt}px`);
    await page.screenshot({ path: `test-results/lessons-step1-${w}x${h}${scale > 1 ? `@${scale}x` : ''}.png` });
    await page.click('#lesson-look');
    await page.waitForFunction(() => { const r = document.getElementById('last-round').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; });
    // Scrolled down to the numbers, then Next: the new step opens at its title, below the controls that stay on screen
    // (the page stayed where the button was, past the new title and claim).
    await page.click('#lesson-next');
    await ready(page);
    await page.waitForFunction(() => /step 2 of/.test(document.getElementById('lesson-title').textContent));
    await page.waitForFunction(() => {
      const title = document.getElementById('lesson-title').getBoundingClientRect(), bar = document.querySelector('.control-bar').getBoundingClientRect();
      return title.top >= bar.bottom - 1 && title.bottom <= innerHeight;
    }, null, { timeout: 5000 });
    // Down at the parameters (a phone has them last), the bar's Lesson button brings the step back under the bar.
    await page.$eval('#params-panel', (e) => e.scrollIntoView({ block: 'start' }));
    if (w < 500) {
      // On the phone the worked table scrolls sideways: "Where to look" brings the asked column (h, blurred) into view with its row.
      await page.goto(`${site.origin}/#lesson=xgboost-objective&at=1`);
      await ready(page);
      await page.click('#lesson-look');
      await page.waitForFunction(() => {
        const cell = document.querySelector('#worked-table tr.lesson-row td[data-col="h"]')?.getBoundingClientRect();
        return cell && cell.left >= 0 && cell.right <= innerWidth && cell.top >= 0 && cell.bottom <= innerHeight;
      }, null, { timeout: 10_000 });
      await page.goto(`${site.origin}/#lesson=adaboost-stumps&at=2`);
      await ready(page);
      await page.$eval('#params-panel', (e) => e.scrollIntoView({ block: 'start' }));
    }
    await page.waitForFunction(() => document.getElementById('lesson-title').getBoundingClientRect().bottom < 0);
    await page.click('#lesson-return');
    await page.waitForFunction(() => {
      const title = document.getElementById('lesson-title').getBoundingClientRect(), bar = document.querySelector('.control-bar').getBoundingClientRect();
      return title.top >= bar.bottom - 1 && title.bottom <= innerHeight && document.activeElement?.id === 'lesson-title';
    }, null, { timeout: 5000 });
    // The same for a lesson opened from the list, low on the first screen's card.
    await page.click('#lessons-open');
    await page.click('.lesson-start[data-lesson="ranking-gbrank"]');
    await ready(page);
    await page.waitForFunction(() => {
      const title = document.getElementById('lesson-title').getBoundingClientRect(), bar = document.querySelector('.control-bar').getBoundingClientRect();
      return /^Ranking/.test(document.getElementById('lesson-title').textContent) && title.top >= bar.bottom - 1 && title.bottom <= innerHeight;
    }, null, { timeout: 5000 });
    await page.close();
  }
});
