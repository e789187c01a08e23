// Saving files from the page: text exports and the charts as one PNG.
import type { ParseOptions } from '../run/index.ts';

export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(filename: string, text: string, type = 'text/yaml'): void {
  downloadBlob(filename, new Blob([text], { type: `${type};charset=utf-8` }));
}

/**
 * The simulated HPA exactly as the user wrote it, comments included, wherever it sits in the
 * text: the scenario layer says which document (or `kind: List` item) it is and where.
 */
export async function manifestAsWritten(
  scenarioText: string,
  options: ParseOptions = {},
): Promise<string> {
  // Loaded on demand: the YAML reader stays out of the page's first bundle.
  const { scenarioDocuments } = await import('../scenario/index.ts');
  const docs = scenarioDocuments(scenarioText, options);
  const hpa = docs.find((d) => d.role === 'hpa') ?? docs.find((d) => d.role !== 'simulation');
  if (!hpa) return '';
  const own = scenarioText.slice(hpa.start, hpa.end);
  const text = hpa.item === null ? own : dedentItem(scenarioText, hpa.start, own);
  return text.replace(/\s+$/, '') + '\n';
}

/** A List item starts after `- `: give its first line the column it sits at, then dedent. */
function dedentItem(text: string, start: number, item: string): string {
  const column = start - (text.lastIndexOf('\n', start - 1) + 1);
  const lines = (' '.repeat(column) + item).split('\n');
  return lines.map((l) => l.slice(Math.min(column, l.length - l.trimStart().length))).join('\n');
}

/** A file-name-safe version of a scenario name. */
export function fileStem(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s || 'scenario';
}

/**
 * The HPA's metadata.name, read from the scenario text without a YAML parser (the main bundle
 * stays small): the `name:` directly under the top-level `metadata:` of the document whose kind
 * is HorizontalPodAutoscaler. Null when there is none (the caller falls back).
 */
export function hpaName(scenarioText: string): string | null {
  for (const doc of scenarioText.split(/^---[ \t]*$/m)) {
    if (!/^kind:[ \t]*['"]?HorizontalPodAutoscaler\b/m.test(doc)) continue;
    const m =
      /^metadata:[ \t]*\r?\n(?:[ \t]+#.*\r?\n|[ \t]*\r?\n)*?([ \t]+)(?:[^\n]*\r?\n\1)*?name:[ \t]*['"]?([^'"#\s]+)/m.exec(
        doc,
      );
    if (m) return m[2]!;
  }
  return null;
}

/** Replace `var(--x)` in an SVG clone with the computed values, so the image keeps its colours. */
function inlineCssVariables(svg: SVGSVGElement, style: CSSStyleDeclaration): void {
  const resolve = (v: string) =>
    v.replace(
      /var\((--[\w-]+)(?:,\s*([^)]+))?\)/g,
      (_, name: string, fallback?: string) => style.getPropertyValue(name).trim() || fallback || '',
    );
  const all = [svg, ...Array.from(svg.querySelectorAll('*'))];
  for (const el of all) {
    for (const attr of Array.from(el.attributes)) {
      if (attr.value.includes('var(')) el.setAttribute(attr.name, resolve(attr.value));
    }
  }
}

/** Draw every chart SVG inside `root` onto one canvas, stacked, and save it as PNG. */
export async function downloadChartsPng(root: HTMLElement, filename: string): Promise<void> {
  const svgs = Array.from(root.querySelectorAll<SVGSVGElement>('svg.chart-surface'));
  await downloadSvgsPng(svgs, root, filename);
}

/**
 * The comparison as one PNG: the compare panel's overlay of every run's replicas, then the
 * main charts with the variants drawn over the HPA's lines.
 */
export async function downloadComparisonPng(
  compare: HTMLElement,
  charts: HTMLElement | null,
  filename: string,
): Promise<void> {
  const svgs = [
    ...Array.from(compare.querySelectorAll<SVGSVGElement>('figure.compare-overlay svg')),
    ...(charts ? Array.from(charts.querySelectorAll<SVGSVGElement>('svg.chart-surface')) : []),
  ];
  await downloadSvgsPng(svgs, compare, filename);
}

/** Draw `svgs` onto one canvas, stacked, with the colours `styleRoot` resolves, and save it. */
async function downloadSvgsPng(
  svgs: SVGSVGElement[],
  styleRoot: HTMLElement,
  filename: string,
): Promise<void> {
  if (svgs.length === 0) throw new Error('no chart to export');
  const style = getComputedStyle(styleRoot);
  const background = style.getPropertyValue('--bg').trim() || '#ffffff';
  const scale = Math.min(2, window.devicePixelRatio || 1);
  const boxes = svgs.map((s) => s.getBoundingClientRect());
  const width = Math.max(...boxes.map((b) => b.width));
  const height = boxes.reduce((h, b) => h + b.height, 0);
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.scale(scale, scale);
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  let y = 0;
  for (let i = 0; i < svgs.length; i++) {
    const clone = svgs[i]!.cloneNode(true) as SVGSVGElement;
    inlineCssVariables(clone, style);
    clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    clone.setAttribute('width', String(boxes[i]!.width));
    clone.setAttribute('height', String(boxes[i]!.height));
    const url = URL.createObjectURL(
      new Blob([new XMLSerializer().serializeToString(clone)], { type: 'image/svg+xml' }),
    );
    try {
      const img = new Image();
      await new Promise<void>((resolve, reject) => {
        img.onload = () => resolve();
        img.onerror = () => reject(new Error('a chart could not be drawn'));
        img.src = url;
      });
      ctx.drawImage(img, 0, y, boxes[i]!.width, boxes[i]!.height);
    } finally {
      URL.revokeObjectURL(url);
    }
    y += boxes[i]!.height;
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the PNG could not be encoded');
  downloadBlob(filename, blob);
}
