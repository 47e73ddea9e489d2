/** The tool's id: also its switch in the core store (`toggles['download-selection']`). */
export const DOWNLOAD_SELECTION_TOOL = 'download-selection';
