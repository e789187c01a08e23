/**
 * Minimal stand-in page until the real simulator UI lands.
 * No network requests: no web fonts, no CDNs, no analytics.
 */
export function App() {
  return (
    <main
      aria-labelledby="app-title"
      style={{ fontFamily: 'system-ui, sans-serif', margin: '2rem' }}
    >
      <h1 id="app-title">hpa-sim</h1>
      <p>
        A browser-based simulator of the Kubernetes Horizontal Pod Autoscaler (HPA): explore how it
        scales a workload's replicas from its metrics, decision by decision.
      </p>
    </main>
  );
}
