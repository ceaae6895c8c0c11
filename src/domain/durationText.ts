/** Seconds (≥ 0) → "45 s", "12 min", "1 h 05 min": the panel's durations, and the server's PDFs. */
export function secondsText(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
