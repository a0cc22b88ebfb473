// bench/modelio.mjs's child: `node bench/modelio_node.mjs FILE threads|simd`
// loads and saves FILE with the package in a fresh heap; prints one JSON line.
import { readFileSync } from 'node:fs';
import { init } from '../wasm/js/index.js';
import { modelIo } from './modelio_run.mjs';

const [file, build] = process.argv.slice(2);
const bl = await init({ threads: build === 'threads' });
console.log(JSON.stringify(modelIo(bl, readFileSync(file))));
