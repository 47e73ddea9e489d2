/** Small inline icons; decorative (aria-hidden), the control around them carries the accessible name. */
export function Icon({ name }: { name: 'grid' | 'bolt' | 'close' | 'external' | 'globe' | 'map' | 'download' | 'code' }) {
  const paths: Record<typeof name, string> = {
    grid: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
    bolt: 'M13 2 4 14h7l-1 8 9-12h-7z',
    close: 'M6 6l12 12M18 6 6 18',
    external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
    globe: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
    map: 'M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3zM9 3v15M15 6v15',
    download: 'M12 3v12M7 10l5 5 5-5M4 19h16',
    code: 'M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16',
  };
  const filled = name === 'grid' || name === 'bolt';
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  );
}
