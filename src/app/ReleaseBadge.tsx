// Which Kubernetes release's HPA controller the run follows, beside the simulator's status: a
// pasted HPA gives no clue otherwise, and the releases decide scale to zero differently. Short
// ("K8s 1.35": the toolbar has no room to spare at 1024 px); the title and name say the rest.
import { useRelease } from '../store/index.ts';

export function ReleaseBadge() {
  const release = useRelease();
  if (!release) return null;
  const why = release.named
    ? 'named by spec.kubernetesVersion'
    : release.assumed
      ? 'no Simulation document, so the newest release runs'
      : 'the Simulation document names no spec.kubernetesVersion, so it runs the release hpa-sim followed before it modelled releases; set kubernetesVersion (1.33–1.38) to run another';
  const keda = release.keda ? ` KEDA ${release.keda} runs around it (its ScaledObject).` : '';
  const full = `The HPA controller of Kubernetes ${release.label}: ${why}.${keda}`;
  return (
    <span
      className="status release"
      role="note"
      aria-label={`Kubernetes release: ${full}`}
      title={full}
      data-named={release.named || release.assumed ? 'true' : 'false'}
    >
      {/* The word goes from sight first where the row is narrowest (toolbar CSS). */}
      <span className="release-k8s">K8s </span>
      {release.version}
      {release.keda ? ` · KEDA ${release.keda}` : ''}
    </span>
  );
}
