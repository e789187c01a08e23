// A chart out of sight during a gesture keeps what it drew: a curve drag brings a result per frame,
// and a chart scrolled out of the results pane (at 1280 × 800 the demand chart) would redraw each
// one unseen. It draws the latest result once it enters the
// viewport (the observer's next frame: a drag's charts trail its runs by a frame anyway) or the
// gesture ends.

import { useEffect, useRef, useState, type ReactNode } from 'react';

export function HoldWhileHidden(props: { gesture: boolean; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  // In sight until observed otherwise (the first render always draws).
  const [inSight, setInSight] = useState(true);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver((entries) =>
      setInSight(entries[entries.length - 1]!.isIntersecting),
    );
    seen.observe(el);
    return () => seen.disconnect();
  }, []);
  // The same element as last time: React leaves the subtree as it was.
  const drawn = useRef(props.children);
  if (!props.gesture || inSight) drawn.current = props.children;
  return (
    <div ref={box} className="chart-hold">
      {drawn.current}
    </div>
  );
}
