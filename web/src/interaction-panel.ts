// "Which features act together": SHAP interaction values of the model on
// show over its held-out rows, as a heat map, for the class the SHAP views
// show. Asked of the worker when the model or the class changes, not while a
// run trains (2 x features + 1 SHAP passes a row: sized to about a second),
// and only while the panel is within a screen of the view: stepping rounds on
// the ranking sample, they were 0.5-0.7 s of each Step's 0.7-0.9 s.
import { currentRun, modelInfoOnShow, modelOnShow, settingUpLesson, store } from './state';
import { InteractionView } from './ui/interaction-view';
import { binaryScale, outputName } from './output-names';
import { setHidden, setText } from './ui/dom';
import type { WorkerClient } from './worker/client';
import type { InteractionData } from './worker/messages';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export class InteractionPanel {
  private readonly view = new InteractionView($('interactions'), $('interactions-caption'));
  private asked = '';
  private near = false;

  constructor(private readonly client: WorkerClient) {
    // The last entry is the panel's state now: a scroll away and back between two frames comes as two entries,
    // and the first (out of view) left the panel waiting for a view it was already in.
    new IntersectionObserver((entries) => {
      this.near = entries[entries.length - 1].isIntersecting;
      if (this.near) this.render();
    }, { rootMargin: '100% 0px' }).observe($('interactions-box'));
  }

  render() {
    const show = modelOnShow(), run = currentRun();
    const trees = show?.model?.trees ?? (show?.live ? run?.reports.length ?? 0 : 0);
    if (!show || !store.data || trees < 1) return this.clear('Train a model (or load one) to see which features act together.');
    if (settingUpLesson()) return this.clear('The pairs appear once the lesson\'s step is set up.');
    if (show.live && run?.status === 'training') return this.clear('The pairs appear when the run pauses or ends.');
    if (!this.near) return this.clear('The pairs are computed when this panel comes into view.');
    const key = `${store.data.id}|${show.name}|${trees}|${store.shap.output}`;
    if (key === this.asked) return;
    this.asked = key;
    this.view.clear('Computing SHAP interaction values…');
    this.client.interactions(store.shap.output, key);
  }

  onReply(key: string, data: InteractionData | null, error: string) {
    if (key !== this.asked) return;
    setText($('interactions-message'), error);
    setHidden($('interactions-message'), !error);
    if (!data) return this.view.clear('');
    const info = modelInfoOnShow();
    const classes = info?.classes ?? [];
    const forest = info?.algorithm === 'random_forest';
    const what = info?.quantiles.length ? `prediction of ${outputName(info, data.output)}`
      : (info?.outputs ?? 1) > 1 ? `${forest ? 'probability' : 'score'} of class ${classes[data.output] ?? data.output}`
      : classes.length === 2 ? binaryScale(info, classes[1]) : 'prediction';
    this.view.render(data, what);
  }

  private clear(why: string) {
    if (this.asked === why) return;
    this.asked = why;
    setHidden($('interactions-message'), true);
    this.view.clear(why);
  }
}
