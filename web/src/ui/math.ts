// The panels' central formulas typeset as the notes write them, by KaTeX
// (bundled with its fonts: the same on every machine, offline), in TeX. Its
// output carries MathML beside the drawing, for screen readers. data-plain
// keeps the formula as the page's plain text writes it (tests read it).
import katex from 'katex';
import 'katex/dist/katex.min.css';

export function math(tex: string, plain: string): HTMLElement {
  const span = document.createElement('span');
  span.className = 'tex';
  span.dataset.plain = plain;
  // Display style: fractions at full size, as the notes set them (inline they shrank to a footnote's);
  // one group, so a narrow screen scrolls the formula sideways rather than breaking it after a minus.
  katex.render(`{\\displaystyle ${tex}}`, span, { throwOnError: false, output: 'htmlAndMathml', strict: 'ignore' });
  return span;
}
