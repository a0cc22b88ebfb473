// Types of the CommonJS entry (index.cjs): init() as in the ES module, and
// load() for the ES module's other exports.
import type { BoostLab, InitOptions } from './index.js';

export type * from './index.js';
export function init(options?: InitOptions): Promise<BoostLab>;
export function load(): Promise<typeof import('./index.js')>;
