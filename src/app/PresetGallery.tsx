// The presets gallery: every worked scenario in its section (basics, KEP-853 stories, pitfalls,
// real-world), searchable by title and "what to notice", each card with its run's thumbnail.
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { Preset } from '../presets/catalog.ts';
import { PRESET_GROUPS } from '../presets/presetInfo.ts';
import { sparkPath } from '../presets/thumbnail.ts';
import { matchPresets } from './presetSearch.ts';

/** What a lesson card shows. */
interface LessonCard {
  id: string;
  title: string;
  summary: string;
  steps: readonly unknown[];
}

const THUMB_W = 120;
const THUMB_H = 28;

function Thumbnail({ values }: { values: number[] }) {
  if (values.length === 0) return null;
  return (
    <svg
      className="preset-thumb"
      width={THUMB_W}
      height={THUMB_H}
      viewBox={`0 0 ${THUMB_W} ${THUMB_H}`}
      aria-hidden="true"
    >
      <path d={sparkPath(values, THUMB_W, THUMB_H)} />
    </svg>
  );
}

/**
 * Memoized, and its cards drawn only while it is open: the page re-renders on every keystroke
 * and every frame of a curve drag, and a closed gallery's dozens of cards cost each of them.
 */
export const PresetGallery = memo(PresetGalleryView);

function PresetGalleryView(props: {
  open: boolean;
  presets: Preset[];
  /** The preset the editor holds unedited (the store's presetName), marked in the list. */
  current: string | null;
  onPick(p: Preset): void;
  onClose(): void;
  /** lessons, listed first: a scenario with steps to walk a class through */
  lessons?: readonly LessonCard[];
  onPickLesson?(id: string): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState('');
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
  }, [props.open]);
  const shown = useMemo(() => matchPresets(props.presets, query), [props.presets, query]);
  return (
    <dialog ref={ref} className="gallery" aria-labelledby="gallery-title" onClose={props.onClose}>
      <header>
        <h2 id="gallery-title">Presets</h2>
        <input
          type="search"
          className="gallery-search"
          placeholder="Search: story, flapping, memory…"
          aria-label="Search presets"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            // Enter loads the best match.
            if (e.key === 'Enter' && query.trim() && shown[0]) props.onPick(shown[0]);
          }}
        />
        <button className="btn" onClick={props.onClose}>
          Close
        </button>
      </header>
      {props.open ? (
        <div className="gallery-body">
          {shown.length === 0 ? (
            <p className="gallery-empty">No preset matches “{query}”.</p>
          ) : null}
          {props.lessons?.length && props.onPickLesson && !query.trim() ? (
            <section aria-labelledby="gallery-lessons">
              <h3 id="gallery-lessons">Lessons</h3>
              <ul>
                {props.lessons.map((l) => (
                  <li key={l.id} className="preset-card lesson-card">
                    <button
                      onClick={() => props.onPickLesson?.(l.id)}
                      aria-label={`Start lesson ${l.title}`}
                      aria-describedby={`lesson-${l.id}`}
                    >
                      <strong>{l.title}</strong>
                    </button>
                    <span id={`lesson-${l.id}`}>
                      {l.steps.length} steps · {l.summary}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {query.trim() ? (
            // A search lists its matches best first, in one list.
            <section aria-labelledby="gallery-matches">
              <h3 id="gallery-matches">
                {shown.length} match{shown.length === 1 ? '' : 'es'}
              </h3>
              <Cards presets={shown} current={props.current} onPick={props.onPick} />
            </section>
          ) : (
            PRESET_GROUPS.map((g) => {
              const items = shown.filter((p) => p.group === g.id);
              if (items.length === 0) return null;
              return (
                <section key={g.id} aria-labelledby={`gallery-${g.id}`}>
                  <h3 id={`gallery-${g.id}`}>{g.title}</h3>
                  <Cards presets={items} current={props.current} onPick={props.onPick} />
                </section>
              );
            })
          )}
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * The cards: a button holds the thumbnail and the title (its name, "Load preset …", contains all
 * it shows); the "what to notice" is its description, outside it, and the whole card clicks.
 */
function Cards(props: { presets: Preset[]; current: string | null; onPick(p: Preset): void }) {
  return (
    <ul>
      {props.presets.map((p) => (
        <li key={p.id} className="preset-card">
          <button
            onClick={() => props.onPick(p)}
            aria-label={`Load preset ${p.title}`}
            aria-describedby={`preset-${p.id.replace('/', '-')}`}
            aria-current={p.id === props.current ? 'true' : undefined}
          >
            <Thumbnail values={p.thumbnail} />
            <strong>{p.title}</strong>
          </button>
          <span id={`preset-${p.id.replace('/', '-')}`}>{p.description}</span>
        </li>
      ))}
    </ul>
  );
}
