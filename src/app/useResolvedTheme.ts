// 'system' follows the OS setting, live.
import { useEffect, useState } from 'react';

export function useResolvedTheme(theme: 'light' | 'dark' | 'system'): 'light' | 'dark' {
  const query =
    typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  const [systemDark, setSystemDark] = useState(() => query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const on = (e: MediaQueryListEvent) => setSystemDark(e.matches);
    query.addEventListener('change', on);
    return () => query.removeEventListener('change', on);
  }, [query]);
  return theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;
}
