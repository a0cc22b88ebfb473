// An A/B of two or more builds of the native CLI, interleaved (A, B, A, B,
// ...), as wasm_ab.mjs does for the wasm engine: for a change whose gain is
// smaller than one machine's drift. Per train-only fit: the train seconds
// (binning included), the rounds' milliseconds summed and of them the
// histograms', the partitions', the split searches' and the rest (gradients,
// links, leaf values); the builds must write the same model. A bench set's
// rows, split and parameters (common.mjs's SPEED_SETS: depth 6, eta 0.1,
// max_bin 256), with PARAMS (JSON) added.
//   node bench/native_ab.mjs SET ROUNDS THREADS CLI_A CLI_B...
//   e.g. cp build/native/boostlab-cli /tmp/cli-before; (change, rebuild);
//        PARAMS='{"leaf_newton_steps":3}' node bench/native_ab.mjs wide 30 1 /tmp/cli-before build/native/boostlab-cli
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { modelTrees, REPEATS, resolved, SPEED_PARAMS, SPEED_SETS, work } from './common.mjs';

const [name, rounds, threads, ...clis] = process.argv.slice(2);
const set = SPEED_SETS.find((s) => s.name === name);
if (!set || !(Number(rounds) > 0) || !(Number(threads) > 0) || clis.length < 2) {
  console.error(`usage: node bench/native_ab.mjs ${SPEED_SETS.map((s) => s.name).join('|')} ROUNDS THREADS CLI_A CLI_B...`);
  process.exit(2);
}
const d = resolved(set);
const params = { ...SPEED_PARAMS, ...d.params, ...JSON.parse(process.env.PARAMS ?? '{}'), rounds: Number(rounds), nthread: Number(threads), eval_train: 0 };
const models = [];
for (let rep = 0; rep < REPEATS; rep++)
  clis.forEach((cli, i) => {
    const model = join(work, `native-ab-${i}.json`);
    const lines = execFileSync(cli, ['train', '--csv', d.csv, '--target', d.target, '--valid-idx', d.valid, '--train-only', '1',
      '--model-out', model, '--params', JSON.stringify(params)], { maxBuffer: 1 << 28 }).toString().trim().split('\n').map((l) => JSON.parse(l));
    const done = lines.at(-1), reports = lines.filter((l) => l.round);
    const sum = { rounds: 0, histogram: 0, partition: 0, split: 0 };
    for (const r of reports) {
      sum.rounds += r.ms;
      for (const k of ['histogram', 'partition', 'split']) sum[k] += r.timings[k];
    }
    const rest = sum.rounds - sum.histogram - sum.partition - sum.split;
    console.log(`${cli}: train ${done.train_seconds.toFixed(3)} s; ${Object.entries(sum).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}, rest ${rest.toFixed(0)} ms`);
    models[i] = modelTrees(model);
  });
// The same model from every build (the parameters' echo aside).
if (models.some((m) => m !== models[0])) {
  console.error('the builds trained different models');
  process.exit(1);
}
