// Play, pause, step and speed along the timeline, with the keyboard shortcuts written out.

import { useEffect } from 'react';
import { SPEEDS, type PlaybackState, type Speed } from '../store/index.ts';
import { handleShortcut, SHORTCUTS } from './shortcuts.ts';
import './playback.css';

export interface PlaybackBarProps {
  player: PlaybackState;
  /** "sync 12 of 480 · 0:03:00" */
  position: string;
  disabled?: boolean;
}

export function PlaybackBar({ player, position, disabled }: PlaybackBarProps) {
  useEffect(() => {
    if (disabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (handleShortcut(e, player)) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [player, disabled]);
  return (
    <div className="playback" role="group" aria-label="Playback">
      <button
        type="button"
        className="btn"
        onClick={() => player.step(-1)}
        disabled={disabled}
        aria-label="Step back one sync"
        title="Step back one sync (←)"
      >
        ‹
      </button>
      <button
        type="button"
        className="btn primary playback-play"
        onClick={player.toggle}
        disabled={disabled}
        aria-label={player.playing ? 'Pause' : 'Play'}
        title={player.playing ? 'Pause (Space)' : 'Play (Space)'}
      >
        {player.playing ? 'Pause' : '▶ Play'}
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => player.step(1)}
        disabled={disabled}
        aria-label="Step forward one sync"
        title="Step forward one sync (→)"
      >
        ›
      </button>
      <button
        type="button"
        className="btn playback-next"
        onClick={() => player.jump(1)}
        disabled={disabled}
        aria-label="Next rescale"
        title="Next rescale (N; Shift+N: the one before)"
      >
        Next rescale »
      </button>
      <label className="playback-speed">
        <select
          value={player.speed}
          onChange={(e) => player.setSpeed(Number(e.target.value) as Speed)}
          aria-label="Playback speed"
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s} sync{s === 1 ? '' : 's'}/s
            </option>
          ))}
        </select>
      </label>
      <span className="playback-position" aria-live="off">
        {position}
      </span>
      <details className="playback-keys">
        <summary>Keys</summary>
        <dl>
          {SHORTCUTS.map(([k, what]) => (
            <div key={k}>
              <dt>
                <kbd>{k}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
