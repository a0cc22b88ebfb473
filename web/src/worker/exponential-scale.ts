// How much of an AdaBoost margin F the exponential loss exp(−ỹ·scale·F) reads.
// Discrete SAMME's votes ln((1 − ε)/ε) are twice the loss's own step (the
// notes' ln◆), so its F counts half; Freund & Schapire's votes (the notes',
// vote 'freund_schapire') and real SAMME.R's leaves are that step: whole.
// One place for the worker's comparison and the page's loss figure.
export function exponentialScale(algorithm: string, variant = 'samme', vote = 'samme'): number {
  return algorithm === 'adaboost' && variant !== 'samme_r' && vote !== 'freund_schapire' ? 0.5 : 1;
}
