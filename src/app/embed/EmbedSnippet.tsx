// Beside Share: an `<iframe>` snippet of the embed view (`&embed=1`) to paste into a blog post or
// a course page, copied to the clipboard and shown to copy by hand (in a popover under the button:
// the toolbar's row never grows). An open lesson goes with it, at its step; else the selected
// sync (the playback's position), so the embed opens where the author was.
import { useState } from 'react';
import { createShareLink, type ShareLesson, type ShareModel } from '../../share/index.ts';

/** The snippet for an embed link: sized for an article column, lazily loaded. */
export function iframeSnippet(url: string, title: string): string {
  const safeTitle = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<iframe src="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" title="hpa-sim: ${safeTitle}" width="100%" height="560" style="border:0" loading="lazy"></iframe>`;
}

export function EmbedSnippet(props: {
  getText: () => string;
  hpa: string | null;
  model: ShareModel | null;
  title: string;
  lesson?: ShareLesson | null;
  /** the selected sync when clicked (null: none); a lesson's step has its own */
  getAt?: () => number | null;
  /** its popover opens: the host closes the one beside it */
  onOpen?: () => void;
}) {
  const [state, setState] = useState<{ snippet?: string; error?: string; copied?: boolean } | null>(
    null,
  );
  async function onEmbed() {
    props.onOpen?.();
    const link = await createShareLink(props.getText(), {
      hpa: props.hpa,
      model: props.model,
      lesson: props.lesson ?? null,
      at: props.lesson ? null : (props.getAt?.() ?? null),
      embed: true,
    });
    if (!link.ok) return setState({ error: link.error });
    const snippet = iframeSnippet(link.url, props.title);
    setState({ snippet });
    try {
      await navigator.clipboard.writeText(snippet);
      setState({ snippet, copied: true });
    } catch {
      /* shown in the box to copy by hand */
    }
  }
  return (
    <>
      <button
        className="btn"
        onClick={() => void onEmbed()}
        title="Copy an <iframe> that embeds this scenario's charts, playback and explanation"
      >
        Embed
      </button>
      {state ? (
        <div className="share-popover">
          {state.snippet ? (
            <input
              aria-label="Embed snippet"
              readOnly
              value={state.snippet}
              onFocus={(e) => e.currentTarget.select()}
            />
          ) : null}
          {state.copied ? (
            <span className="status" role="status">
              Copied
            </span>
          ) : null}
          {state.error ? (
            <span className="status" data-kind="error" role="alert">
              {state.error}
            </span>
          ) : null}
          <button className="btn" onClick={() => setState(null)} aria-label="Close the snippet">
            ×
          </button>
        </div>
      ) : null}
    </>
  );
}
