// The landing's live picture: XGBoost-style boosting drawing the boundary of
// toy circles round by round, trained by the engine in the worker beside the
// page's own table (it is not a run of the page's), then played as a loop.
// With reduced motion, the last round only.
import { makeToy, type ToySpec } from '../ui/toy-data';
import { Surface } from '../ui/surface';

export const DEMO: { spec: ToySpec; rounds: number; n: number } = { spec: { kind: 'circles', n: 300, noise: 0.15, seed: 0 }, rounds: 40, n: 48 };
const FRAME_MS = 160, HOLD_MS = 1600;

export class LandingPicture {
  readonly figure: HTMLElement;
  private readonly canvas = document.createElement('canvas');
  private readonly caption = document.createElement('figcaption');
  private readonly surface: Surface;
  private readonly toy = makeToy(DEMO.spec);
  private frames: Float32Array | null = null;
  private timer = 0;
  asked = false;

  constructor() {
    this.figure = document.createElement('figure');
    this.figure.className = 'landing-picture';
    this.canvas.width = this.canvas.height = 200;
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', 'boosting drawing the boundary between two rings of points, round by round');
    this.caption.className = 'hint';
    this.caption.textContent = 'Training a small model in this tab…';
    this.surface = new Surface(this.canvas, document.createElement('p'));
    this.figure.append(this.canvas, this.caption);
  }

  // Every round's surface, rounds × n × n; an empty array with the error said instead.
  show(frames: Float32Array, error: string) {
    if (error || !frames.length) {
      this.caption.textContent = error ? `The picture could not be trained: ${error}` : '';
      return;
    }
    this.frames = frames;
    this.play(matchMedia('(prefers-reduced-motion: reduce)').matches ? DEMO.rounds - 1 : 0);
  }

  private play(round: number) {
    clearTimeout(this.timer);
    if (!this.frames || !this.figure.isConnected) return;  // the landing went: the loop ends with it
    const size = DEMO.n * DEMO.n;
    this.surface.draw(this.toy, round + 1, this.frames.subarray(round * size, (round + 1) * size), DEMO.n);
    this.canvas.dataset.round = String(round + 1);
    this.caption.textContent = `XGBoost-style boosting, round ${round + 1} of ${DEMO.rounds}: each round a depth-4 tree, its vote added, the boundary between the rings sharpening. Computed here, in the tab.`;
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const last = round + 1 >= DEMO.rounds;
    this.timer = window.setTimeout(() => this.play(last ? 0 : round + 1), last ? HOLD_MS : FRAME_MS);
  }
}
