// Types of the CommonJS entry (index.cjs): init() as in the ES module, load()
// for the ES module's other exports, and BoostLabError (index.cjs's twin of
// the ES module's class: instanceof either is true of the package's errors).
// Also what TypeScript reads under moduleResolution node10 (package.json's
// "types"), where it cannot tell which entry runs: what is true of both. The
// ES module's declarations are imported as such (resolution-mode), which
// node16 asks for.
import type { BoostLab, ErrorCode, InitOptions } from './index.js' with { 'resolution-mode': 'import' };

export type * from './index.js' with { 'resolution-mode': 'import' };
export function init(options?: InitOptions): Promise<BoostLab>;
export function load(): Promise<typeof import('./index.js', { with: { 'resolution-mode': 'import' } })>;
export class BoostLabError extends Error {
  constructor(info: { code: string; message: string; line?: number; column?: number });
  readonly name: 'BoostLabError';
  /** Stable identifier: an ErrorCode (CSV_RAGGED_ROW, BAD_PARAM, MODEL_CORRUPT, …) on the package's own errors. */
  readonly code: ErrorCode | (string & {});
  /** 1-based line in the input, 0 when not about a place in a file. */
  readonly line: number;
  /** 1-based column, 0 when not about a column. */
  readonly column: number;
}
