// What a web developer meets when a name is mistyped or the pieces do not
// match (issue 44's smaller items): a column or option that is not there names
// the closest and the list; an imported XGBoost model is scored against a column
// named by the caller; a continued model's classes are the data's or said to be
// read as them; engine files of another version are refused.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { VERSION } from '../../wasm/js/index.js';
import { BUILDS, load } from './helpers.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const penguins = readFileSync(join(root, 'tests/data/penguins.csv'), 'utf8');
const refused = (f, code, pattern) => assert.throws(f, (e) => e.code === code && pattern.test(e.message), String(pattern));

for (const build of BUILDS) {
  test(`${build.name}: a column or option that is not there names the closest one and the rest`, async () => {
    const bl = await load(build);
    const table = bl.readCSV(penguins);
    refused(() => table.toDataset({ target: 'Species' }), 'UNKNOWN_COLUMN',
      /^There is no column named 'Species' \(did you mean 'species'\?\); the columns are species, island, bill_length_mm, .* and year\.$/);
    refused(() => table.toDataset({ target: 'bill_lenght_mm' }), 'UNKNOWN_COLUMN', /did you mean 'bill_length_mm'/);
    refused(() => table.toDataset({ target: 'colour' }), 'UNKNOWN_COLUMN', /^There is no column named 'colour'; the columns are/);
    refused(() => table.toDataset({ targte: 'species' }), 'BAD_OPTION',
      /^Unknown dataset option 'targte' \(did you mean 'target'\?\); the options are target, ignore, weight, classWeights, baseMargin, group, task, validFraction, validSplit, seed, validRows, trainRows and skipMissingTarget\.$/);
    refused(() => bl.readCSV('a,b\n1,2\n', { delimeter: ',' }), 'BAD_OPTION', /did you mean 'delimiter'/);
    // A table of 30 columns lists 20 of them and counts the rest.
    const wide = bl.readCSV(Array.from({ length: 30 }, (_, i) => `c${i}`).join(',') + '\n' + Array(30).fill(1).join(',') + '\n');
    refused(() => wide.toDataset({ target: 'nope' }), 'UNKNOWN_COLUMN', /c18, c19 and 10 more\.$/);
    table.dispose();
    wide.dispose();
  });

  test(`${build.name}: the wrong thing given where a file, columns, a table or a row count go says what to give`, async () => {
    const bl = await load(build);
    // A file's name for its text (it read as a header without rows).
    refused(() => bl.readCSV('data/penguins.csv'), 'BAD_ARGUMENT', /^readCSV\(\) takes the file's text or bytes, not its name \('data\/penguins\.csv'\): read it first \(fs\.readFileSync/);
    assert.equal(bl.readCSV('file.csv\nx.csv\n').numRows, 1, 'a CSV whose cells are file names is a CSV');
    assert.equal(bl.readCSV('file\ra.txt\rb.txt').numRows, 2, 'and with old Mac line ends (CR only)');
    // Rows of objects for columns (it said "Column '0' is not an array").
    refused(() => bl.fromColumns([{ a: 1, b: 2 }, { a: 3, b: 4 }]), 'BAD_ARGUMENT', /^fromColumns\(\) takes one object of columns .*not an array \(2 items, rows as objects\)\. From rows of objects: Object\.fromEntries/);
    refused(() => bl.fromColumns([[1, 2], [3, 4]]), 'BAD_ARGUMENT', /not an array \(2 items\)\. .*from rows of numbers: fromRows\(rows\.flat\(\), rows\.length, names\)\.$/);
    refused(() => bl.readCSV('train.csv.gz'), 'BAD_ARGUMENT', /read it first .*, and decompress it: the engine reads plain text\.$/);
    // A name with a comma, an address with a query or none of the usual endings: still one line, still a name.
    refused(() => bl.readCSV('sales, 2024.csv'), 'BAD_ARGUMENT', /not its name \('sales, 2024\.csv'\)/);
    refused(() => bl.readCSV('https://example.org/data/train.csv?raw=1'), 'BAD_ARGUMENT', /not its name \('https:\/\/example\.org\/data\/train\.csv\?raw=1'\)/);
    refused(() => bl.readCSV('https://example.org/export'), 'BAD_ARGUMENT', /not its name/);
    refused(() => bl.readCSV('https://example.org/t.csv.gz?dl=1'), 'BAD_ARGUMENT', /, and decompress it/);
    const table = bl.readCSV(penguins);
    const data = table.toDataset({ target: 'species' });
    const model = await bl.train(data, { rounds: 2 });
    // Columns for a table: says what was given and where a table comes from.
    refused(() => model.predict({ island: ['Dream'] }), 'BAD_ARGUMENT', /^predict\(\) takes a Table or a Dataset, not an object with keys island \(bl\.readCSV\(text\) makes a Table/);
    refused(() => model.contributions([1, 2]), 'BAD_ARGUMENT', /^contributions\(\) takes a Table or a Dataset, not an array of 2 items/);
    // A table without some of the model's features: all of them named, as the model's.
    const partial = bl.readCSV('island,bill_length_mm,year\nDream,40,2008\n');
    refused(() => model.predict(partial), 'UNKNOWN_COLUMN', /^The model was trained with 4 features the table has no column for: bill_depth_mm, flipper_length_mm, body_mass_g and sex; the table's columns are island, bill_length_mm and year\.$/);
    const one = bl.readCSV('island,bill_length_mm,bill_depth_mm,flipper_length_mm,body_mass_g,Sex,year\nDream,40,18,190,3800,male,2008\n');
    refused(() => model.predict(one), 'UNKNOWN_COLUMN', /^The model was trained with feature 'sex', which the table has no column for \(did you mean 'Sex'\?\); the table's columns are/);
    // A matrix without its row count.
    const features = model.summary().features.length;
    refused(() => model.predictMatrix(new Float32Array(features * 3)), 'BAD_ARGUMENT', new RegExp(`^predictMatrix\\(values, rows\\) needs the row count: values holds ${features * 3} numbers, row after row of the model's ${features} features \\(3 rows\\?\\)\\.$`));
    refused(() => model.predictMatrix([]), 'BAD_ARGUMENT', new RegExp(`values holds 0 numbers, row after row of the model's ${features} features\\.$`));
    // An infinity, as fromRows() refuses it (it went right at every split); a float64 past a float's range reads as one.
    const name1 = model.summary().features[1].name;
    const inf = new Float64Array(features * 2).fill(1);
    inf[features + 1] = -Infinity;
    refused(() => model.predictMatrix(inf, 2), 'BAD_ARGUMENT', new RegExp(`^predictMatrix\\(\\): row 1, feature 1 \\('${name1}'\\): -Infinity is not a number the trees can split on`));
    inf[features + 1] = 1e39;
    refused(() => model.predictMatrix(inf, 2), 'BAD_ARGUMENT', /Infinity is not a number the trees can split on/);
    for (const t of [partial, one, table]) t.dispose();
    data.dispose();
    model.dispose();
  });

  test(`${build.name}: an XGBoost model without a target is scored against the column evaluate() is given`, async () => {
    const bl = await load(build);
    const table = bl.readCSV(penguins);
    const data = table.toDataset({ target: 'species' });
    const model = await bl.train(data, { rounds: 4, max_depth: 3 });
    // As XGBoost saves it: no BoostLab attributes, so no target name.
    const doc = JSON.parse(model.toXGBoostJSON());
    delete doc.learner.attributes.boostlab_target;
    const imported = bl.loadModel(JSON.stringify(doc));
    refused(() => imported.evaluate(table), 'UNKNOWN_COLUMN', /evaluate\(table, \{ target: 'column' \}\)/);
    const scored = imported.evaluate(table, { target: 'species' });
    const own = model.evaluate(table);
    assert.equal(scored.rows, own.rows);
    assert.ok(Math.abs(scored.logloss - own.logloss) < 1e-6, `${scored.logloss} against ${own.logloss}`);
    refused(() => imported.evaluate(table, { target: 'Species' }), 'UNKNOWN_COLUMN', /given as evaluate\(\)'s target \(did you mean 'species'\?\)/);
    for (const m of [model, imported, data, table]) m.dispose();
  });

  test(`${build.name}: a continued XGBoost model's classes '0', '1' are read as the data's, and round 1 says so`, async () => {
    const bl = await load(build);
    // Spam's classes named by XGBoost's codes, as a model trained there on LabelEncoder's codes has them.
    const spam = readFileSync(join(root, 'tests/data/spam.csv'), 'utf8');
    const coded = bl.readCSV(spam.replace(/,nonspam$/gm, ',0').replace(/,spam$/gm, ',1'));
    const base = await bl.train(coded.toDataset({ target: 'type' }), { rounds: 3 });
    const fromXgboost = bl.loadModel(base.toXGBoostJSON());
    const named = bl.readCSV(spam);
    const reports = [];
    const more = await bl.train(named.toDataset({ target: 'type' }), { rounds: 2 }, { initModel: fromXgboost, onRound: (r) => reports.push(r) });
    assert.deepEqual(reports[0].notes, ["The model's classes '0', '1' (XGBoost's codes) are read as the data's 'nonspam', 'spam', in that order (as a label encoder sorts them)."]);
    assert.equal(reports[1].notes, undefined);
    assert.equal(more.numTrees, 5);
    // Classes of other names are refused.
    const other = bl.readCSV(spam.replace(/,nonspam$/gm, ',ham'));
    await assert.rejects(bl.train(other.toDataset({ target: 'type' }), { rounds: 1 }, { initModel: more }),
      (e) => e.code === 'BAD_PARAM' && /predicts the classes 'nonspam', 'spam'; the data's are 'ham', 'spam'/.test(e.message));
    for (const m of [coded, base, fromXgboost, named, more, other]) m.dispose();
  });
}

test('the JavaScript and its engine files are of one version, and other engine files are refused with both versions', async () => {
  const pkg = JSON.parse(readFileSync(join(root, 'wasm/package.json'), 'utf8'));
  assert.equal(VERSION, pkg.version);
  const bl = await load(BUILDS[1]);
  assert.equal(bl._module.engineVersion(), pkg.version);
  // The same package with a JavaScript of another version beside these engine files.
  const dir = mkdtempSync(join(tmpdir(), 'boostlab-version-'));
  try {
    cpSync(join(root, 'wasm/js'), join(dir, 'js'), { recursive: true });
    cpSync(join(root, 'wasm/dist/node'), join(dir, 'dist/node'), { recursive: true });
    writeFileSync(join(dir, 'js/version.js'), "export const VERSION = '0.0.9';\n");
    const other = await import(pathToFileURL(join(dir, 'js/index.js')).href);
    await assert.rejects(other.init({ threads: false }), (e) => e.code === 'ENGINE_MISMATCH' &&
      e.message.includes(`boostlab ${pkg.version}; this JavaScript is of boostlab 0.0.9`) && /dist\/web\/ folder/.test(e.message));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
