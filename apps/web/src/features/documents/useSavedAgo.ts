import { useEffect, useState } from 'react';

/** 'Saved 12s ago' for a save time, re-rendered every second; '' before the first save. */
export function useSavedAgo(savedAt: number | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (savedAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [savedAt]);
  if (savedAt === null) return '';
  return `Saved ${Math.max(0, Math.floor((now - savedAt) / 1000))}s ago`;
}
