// The curve editor is loaded with its own chunk: it brings the YAML parser and the curve
// evaluator onto the main thread, which the first paint does not need.
import { lazy, Suspense } from 'react';
import type { CurvePanelProps } from './CurvePanel.tsx';

export type { CurvePanelProps } from './CurvePanel.tsx';

const Panel = lazy(() => import('./CurvePanel.tsx').then((m) => ({ default: m.CurvePanel })));

export function CurvePanel(props: CurvePanelProps) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
