// The presets gallery: every worked scenario with its "what to notice".
import { useEffect, useRef } from 'react';
import type { Preset } from '../presets/catalog.ts';

export function PresetGallery(props: {
  open: boolean;
  presets: Preset[];
  /** The preset the editor holds unedited (the store's presetName), marked in the list. */
  current: string | null;
  onPick(p: Preset): void;
  onClose(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
  }, [props.open]);
  return (
    <dialog ref={ref} className="gallery" aria-labelledby="gallery-title" onClose={props.onClose}>
      <header>
        <h2 id="gallery-title">Presets</h2>
        <button className="btn" onClick={props.onClose}>
          Close
        </button>
      </header>
      <ul>
        {props.presets.map((p) => (
          <li key={p.id}>
            <button
              onClick={() => props.onPick(p)}
              aria-label={`Load preset ${p.title}`}
              aria-current={p.id === props.current ? 'true' : undefined}
            >
              <strong>{p.title}</strong>
              <span>{p.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </dialog>
  );
}
