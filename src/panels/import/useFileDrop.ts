// A file dropped anywhere on the page: its text goes to `onFile` (the import dialog opens with
// it). Only files: text dragged inside the editor stays the editor's.
import { useEffect } from 'react';

/** Files larger than the importers read (10 MB) are refused before reading them. */
const MAX_BYTES = 10 * 1024 * 1024;

export function useFileDrop(
  onFile: (file: { name: string; text: string } | { error: string }) => void,
) {
  useEffect(() => {
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const over = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      if (file.size > MAX_BYTES) {
        onFile({
          error: `${file.name} is ${(file.size / 1048576).toFixed(1)} MB; files up to 10 MB can be imported`,
        });
        return;
      }
      file.text().then(
        (text) => onFile({ name: file.name, text }),
        () => onFile({ error: `${file.name} could not be read` }),
      );
    };
    addEventListener('dragover', over);
    addEventListener('drop', drop);
    return () => {
      removeEventListener('dragover', over);
      removeEventListener('drop', drop);
    };
  }, [onFile]);
}
