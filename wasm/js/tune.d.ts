// tune.js's space check, for pages that check a search's ranges before starting it (the playground does).
import type { ParamSpec, TuneRange } from './index.js';

/** Throws BoostLabError BAD_OPTION naming what is wrong with `space` for `algorithm`; returns the ranges as checked. */
export function checkSpace(space: Record<string, TuneRange>, schema: ParamSpec[], algorithm: string): unknown[];
export const TUNE_PATIENCE: number;
