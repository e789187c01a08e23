// One line for a first-time visitor; dismissed for good once closed.
import { useState } from 'react';

const KEY = 'hpa-sim.v1.introDismissed';

export function IntroBanner() {
  const [shown, setShown] = useState(() => {
    try {
      return localStorage.getItem(KEY) !== '1';
    } catch {
      return true;
    }
  });
  if (!shown) return null;
  return (
    <section className="intro" aria-label="About this page">
      <p>
        A simulation of the Kubernetes Horizontal Pod Autoscaler, decision for decision as
        kube-controller-manager makes them. Edit the HPA manifest or the load on the left; the
        charts follow as you type. Click any point to see why the controller did what it did at that
        sync.
      </p>
      <button
        className="btn"
        onClick={() => {
          setShown(false);
          try {
            localStorage.setItem(KEY, '1');
          } catch {
            /* private mode: the banner just comes back next time */
          }
        }}
      >
        Got it
      </button>
    </section>
  );
}
